// The draft of a news item being written, kept in this browser: saved every 5 seconds while it changes
// (and when the page is left, for another page of the app or another site), offered back when the create page opens, cleared after publishing. One
// draft per user, so people sharing a browser do not see each other's.
import { useEffect, useRef, useState } from 'react';

const DRAFT_SAVE_MS = 5000;

export interface NewsDraft {
  title: string;
  html: string;
  is_public: boolean;
}

const keyOf = (userId: string) => `tribuna.news-draft.${userId}`;

function isDraft(v: unknown): v is NewsDraft {
  const d = v as NewsDraft;
  return !!d && typeof d.title === 'string' && typeof d.html === 'string' && typeof d.is_public === 'boolean';
}

const isEmpty = (d: NewsDraft) => !d.title.trim() && !d.html;

// Storage may be refused (private windows, full quota): the draft is then simply not kept.
function read(userId: string): NewsDraft | undefined {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null');
    return isDraft(v) && !isEmpty(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function write(userId: string, d: NewsDraft | undefined): void {
  try {
    if (!d || isEmpty(d)) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(d));
  } catch {
    // Not kept.
  }
}

export function useNewsDraft(userId: string) {
  // Read once, when the page opens.
  const [restored] = useState(() => read(userId));
  const latest = useRef<NewsDraft | undefined>(undefined);
  const saved = useRef(restored ? JSON.stringify(restored) : '');

  useEffect(() => {
    const save = () => {
      if (!latest.current) return;
      const text = JSON.stringify(latest.current);
      if (text === saved.current) return;
      write(userId, latest.current);
      saved.current = text;
    };
    const timer = setInterval(save, DRAFT_SAVE_MS);
    window.addEventListener('pagehide', save);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [userId]);

  return {
    /** The draft found when the page opened. */
    restored,
    /** The form as it is now; saved at the next tick. */
    update(d: NewsDraft) {
      latest.current = d;
    },
    /** Forgets the draft, here and in storage (discarded, or published). */
    clear() {
      latest.current = undefined;
      saved.current = '';
      write(userId, undefined);
    },
  };
}
