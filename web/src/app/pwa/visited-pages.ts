// The pages each user was shown online in the last day (path: when), so that offline the app tells a page
// it kept data for from one it never had.
import { MAX_AGE_MS } from './offline-cache-age.ts';

const KEY = 'tribuna.offline-pages';
const MAX_PAGES = 200;

interface Saved {
  user: string;
  pages: Record<string, number>;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export class VisitedPages {
  private readonly storage: Store;
  private readonly now: () => number;
  private saved: Saved | undefined;

  constructor(storage: Store, now: () => number) {
    this.storage = storage;
    this.now = now;
    try {
      this.saved = JSON.parse(storage.getItem(KEY) ?? 'null') ?? undefined;
    } catch {
      this.saved = undefined;
    }
  }

  /** Notes a page shown online to the user. */
  add(user: string, path: string): void {
    const now = this.now();
    const pages = this.saved?.user === user ? this.saved.pages : {};
    const newest = Object.entries({ ...pages, [path]: now })
      .filter(([, at]) => now - at < MAX_AGE_MS)
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_PAGES);
    this.saved = { user, pages: Object.fromEntries(newest) };
    try {
      this.storage.setItem(KEY, JSON.stringify(this.saved));
    } catch {
      this.storage.removeItem(KEY);
    }
  }

  /** Whether the user was shown the page online within MAX_AGE_MS. */
  has(user: string | undefined, path: string): boolean {
    const at = user && this.saved?.user === user ? this.saved.pages?.[path] : undefined;
    return typeof at === 'number' && this.now() - at < MAX_AGE_MS;
  }
}
