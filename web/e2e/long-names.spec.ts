// Long unbroken text never widens a page: every field filled to its maximum without a space (a team,
// players, news, a match, a tournament, a broadcast, chats, events, photos, videos, the user's name),
// then every page of the router visited at 390 px, with the chat widget open too.
import { expect, test, type Page } from '@playwright/test';
import { TEXT_LIMITS as L } from '@tribuna/portal/text-limits';
import { sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';
import { pages, quickUser, seed, type SeedTexts } from './seed.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

/** A word of n wide letters, told apart by its first. */
const word = (first: string, n: number) => first + 'Ш'.repeat(n - 1);

const LONG: SeedTexts = {
  displayName: word('Я', L.displayName),
  friendName: word('Д', L.displayName),
  location: word('Г', L.location),
  teamName: word('А', L.teamName),
  otherTeamName: word('Б', L.teamName),
  teamDescription: word('О', L.teamDescription),
  lastName: word('Ф', L.playerName - 1),
  firstName: word('И', L.playerName),
  middleName: word('О', L.playerName),
  formationName: word('Ф', L.formationName),
  eventTitle: word('Т', L.eventTitle),
  eventPlace: word('М', L.eventPlace),
  eventDescription: word('О', L.eventDescription),
  photoSection: word('Ф', L.mediaTitle),
  photoDescription: word('П', L.mediaDescription),
  videoSection: word('В', L.mediaTitle),
  videoTitle: word('З', L.mediaTitle),
  videoDescription: word('О', L.mediaDescription),
  tag: word('Т', L.videoTag),
  newsTitle: word('Н', L.newsTitle),
  newsText: word('Т', 5000),
  tournamentTitle: word('К', L.tournamentTitle),
  tournamentDescription: word('О', L.tournamentDescription),
  streamTitle: word('Э', L.streamTitle),
  streamDescription: word('О', L.streamDescription),
  chatName: word('Ч', L.chatName),
  message: word('С', L.chatMessage),
};

/** Opens a page and waits until it has loaded what it shows. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0);
}

/** How much wider than the window the page is, and the elements that stick out (for the failure message). */
function overflow(page: Page, selector = 'html') {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel)!;
    const limit = sel === 'html' ? window.innerWidth : root.clientWidth;
    const right = sel === 'html' ? window.innerWidth : root.getBoundingClientRect().right;
    const over = root.scrollWidth - limit;
    if (over <= 0) return null;
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > right + 1;
    // Content of a box that scrolls sideways by design (the team menu on a phone) does not widen the page.
    const scrolls = (el: Element) => {
      for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
        if (/auto|scroll|hidden/.test(getComputedStyle(a).overflowX) && !sticksOut(a)) return true;
      }
      return false;
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const out = [...root.querySelectorAll('*')]
      .filter((el) => sticksOut(el) && !scrolls(el) && ![...el.children].some(sticksOut))
      .slice(0, 3)
      .map((el) => {
        const chain: string[] = [];
        for (let a: Element | null = el; a && a !== root && chain.length < 6; a = a.parentElement) chain.push(`${name(a)} ${Math.round(a.getBoundingClientRect().width)}`);
        return chain.join(' < ');
      });
    return `${over} px wider: ${out.join(', ')}`;
  }, selector);
}

test('no page at 390 px is wider than the window, with every field at its longest and without spaces', async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await signInByCode(portal, page, 'long.names@example.com');
  const owner = await sessionOf(page);
  const friend = await quickUser(portal, LONG.friendName);
  const seeded = await seed(portal, owner, friend, LONG);
  await page.evaluate((title) => {
    const date = new Date().toISOString().slice(0, 10);
    localStorage.setItem('teamEvents', JSON.stringify([{ id: 'e1', date, title, description: title, type: 'other' }]));
  }, LONG.eventTitle);

  const wide: string[] = [];
  for (const { path } of pages(seeded)) {
    await open(page, `${portal.url}${path}`);
    const o = await overflow(page);
    if (o) wide.push(`${path}: ${o}`);
  }

  // The chat widget, full screen on a phone: the chat list, a conversation and the friends.
  await open(page, `${portal.url}/`);
  await page.getByRole('button', { name: /^Чаты/ }).click();
  const panel = page.getByRole('dialog', { name: 'Чаты и друзья' });
  await expect(panel.getByRole('button', { name: new RegExp(LONG.chatName.slice(0, 20)) })).toBeVisible();
  const check = async (what: string) => {
    const o = (await overflow(page)) ?? (await overflow(page, '.chat-panel'));
    if (o) wide.push(`chat ${what}: ${o}`);
  };
  await check('list');
  await panel.getByRole('button', { name: new RegExp(LONG.chatName.slice(0, 20)) }).click();
  await expect(panel.getByText(LONG.message)).toBeVisible();
  await check('conversation');
  await panel.getByRole('button', { name: 'Назад' }).click();
  await panel.getByRole('tab', { name: 'Друзья' }).click();
  await expect(panel.getByText(LONG.friendName)).toBeVisible();
  await check('friends');

  expect(wide).toEqual([]);
});
