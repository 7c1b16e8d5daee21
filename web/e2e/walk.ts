// The walk over every page (every-route.spec.ts): one of everything made by a signed-in
// owner (seed.ts), then every route of the router opened as a visitor and signed in, at 1366 and 390 px,
// and for signed-in users the chat widget on each of its tabs; a check runs on each page and says what it
// found there. Every walk also reports each violation of the Content-Security-Policy on each page, so
// every route is held to the policy too (csp.spec.ts covers what happens on pages: uploads, players).
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { sessionOf, signInByCode, type Portal } from './portal.ts';
import { pages, quickUser, seed, type SeedTexts, type Seeded } from './seed.ts';

export const SIZES = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 }, hasTouch: true },
] as const;

/** Where a check runs: who, at which width, on which page (a path or a chat tab). */
export interface Place {
  who: 'visitor' | 'signed in';
  size: (typeof SIZES)[number]['name'];
  where: string;
}

/** What a check found on the page it was given, one line each; nothing when all is well. */
export type Check = (page: Page, place: Place) => Promise<string[]>;

/** What the policy refused on the page so far, and forgets it. */
interface CspWatched {
  cspRefused: string[];
}

/** Records each violation of the Content-Security-Policy on every page of the context. */
async function watchPolicy(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as CspWatched;
    w.cspRefused = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.cspRefused.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
}

const policyViolations = (page: Page) => page.evaluate(() => (window as unknown as CspWatched).cspRefused.splice(0).map((v) => `Content-Security-Policy: ${v}`));

/** Opens a page and waits until it has loaded what it shows. */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0);
}

/** Signs the owner in by code (the address given), makes the data, and keeps the signed-in state. */
export async function prepareWalk(browser: Browser, portal: Portal, email: string, texts: SeedTexts): Promise<{ seeded: Seeded; signedIn: BrowserContextOptions['storageState'] }> {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signInByCode(portal, page, email, texts.displayName);
  const owner = await sessionOf(page);
  const friend = await quickUser(portal, texts.friendName);
  const seeded = await seed(portal, owner, friend, texts);
  const signedIn = await first.storageState();
  await first.close();
  return { seeded, signedIn };
}

/** Every page, as a visitor and then signed in, at each width; each finding prefixed by where it was. */
export async function walkEveryPage(browser: Browser, portal: Portal, walk: { seeded: Seeded; signedIn: BrowserContextOptions['storageState'] }, check: Check): Promise<string[]> {
  const found: string[] = [];
  const note = (place: Place, lines: string[]) => {
    for (const l of lines) found.push(`${place.who} ${place.size} ${place.where}: ${l}`);
  };
  // The four walks (who × width) run side by side: most of a page's time is waiting for the network to settle.
  const lanes = (['visitor', 'signed in'] as const).flatMap((who) => SIZES.map((size) => ({ who, size })));
  await Promise.all(
    lanes.map(async ({ who, size }) => {
      const options = who === 'signed in' ? { storageState: walk.signedIn } : {};
      const context = await browser.newContext({ ...options, viewport: size.viewport, hasTouch: 'hasTouch' in size ? size.hasTouch : false });
      await watchPolicy(context);
      const page = await context.newPage();
      for (const p of pages(walk.seeded)) {
        await open(page, `${portal.url}${p.path}`);
        const place = { who, size: size.name, where: p.path };
        note(place, [...(await check(page, place)), ...(await policyViolations(page))]);
      }
      if (who === 'signed in') {
        // The chat widget's tabs: chats, friends, team chats.
        await open(page, `${portal.url}/`);
        await page.getByRole('button', { name: /^Чаты/ }).click();
        const panel = page.getByRole('dialog', { name: 'Чаты и друзья' });
        for (const tab of ['Чаты', 'Друзья', 'Команды']) {
          await panel.getByRole('tab', { name: tab }).click();
          await page.waitForLoadState('networkidle');
          const place = { who, size: size.name, where: `chat «${tab}»` };
          note(place, [...(await check(page, place)), ...(await policyViolations(page))]);
        }
      }
      await context.close();
    }),
  );
  return found.sort();
}
