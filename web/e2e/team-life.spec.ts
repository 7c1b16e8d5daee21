// Team life: who is coming to a training, the one-click answer of a reminder mail, the calendar feed,
// and the administrators' dashboard. Screenshots of each page at 1366 and 390 px go to SHOTS_DIR when set.
import crypto from 'node:crypto';
import type { Session } from '@heroiclabs/nakama-js';
import { expect, test, type Page } from '@playwright/test';
import { call, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';
import { quickUser } from './seed.ts';

/** Russian browsers: date and time fields read as they do for the portal's users. */
const RU = { viewport: { width: 1366, height: 900 }, locale: 'ru-RU' };
const ADMIN_EMAIL = 'team-life.admin@example.com';
let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal({ ADMIN_EMAILS: ADMIN_EMAIL });
});
test.afterAll(async () => {
  await portal?.close();
});

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400);
    // Nothing wider than the screen.
    const wide = () =>
      page.evaluate((w) => {
        if (document.documentElement.scrollWidth <= w) return [];
        const clipped = (e: Element | null): boolean => !!e && (getComputedStyle(e).overflowX !== 'visible' || clipped(e.parentElement));
        return [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > w + 1 && !clipped(e.parentElement))
          .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().width)}`)
          .slice(0, 5);
      }, width);
    await expect.poll(wide).toEqual([]);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** A user with a confirmed player in the team. */
async function member(owner: Session, teamId: string, name: string): Promise<Session> {
  const s = await quickUser(portal, name);
  const [first, last] = name.split(' ');
  const player = await call<{ id: string }>(portal, s, 'create_player', { first_name: first, last_name: last });
  const tp = await call<{ id: string }>(portal, s, 'request_join_team_player', { team_id: teamId, player_id: player.id });
  await call(portal, owner, 'approve_team_player', { id: tp.id });
  return s;
}

/** In a few days, on the hour (UTC), as ISO 8601. */
const inDays = (days: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + days * 86_400_000).toISOString();

/** The reminder mail's link token, signed as the portal signs it. */
function answerToken(claims: { targetId: string; teamId: string; userId: string; exp: number }): string {
  const key = (portal.server.app.nk.env as Record<string, string>).LINK_SIGNING_KEY;
  const payload = ['attend1', 'e', claims.targetId, claims.teamId, claims.userId, String(claims.exp)].join('|');
  return `${Buffer.from(payload).toString('base64url')}.${crypto.createHmac('sha256', key).update(payload).digest('base64url')}`;
}

test('two members answer for a training; the manager sees the counts and the names, and sets a deadline', async ({ browser }) => {
  const page = await (await browser.newContext(RU)).newPage();
  await signInByCode(portal, page, 'team-life.owner@example.com', 'Олег Тренеров');
  const owner = await sessionOf(page);
  const team = await call<{ id: string }>(portal, owner, 'create_team', { name: 'Заря' });
  const anna = await member(owner, team.id, 'Анна Вратарёва');
  const boris = await member(owner, team.id, 'Борис Защитин');
  await member(owner, team.id, 'Вера Молчунова');
  const start = inDays(3);
  const event = await call<{ id: string }>(portal, owner, 'create_team_event', { team_id: team.id, title: 'Вечерняя тренировка', type: 'training', event_time: start });
  await call(portal, anna, 'set_attendance', { event_id: event.id, status: 'yes', comment: 'Буду с мячами' });
  await call(portal, boris, 'set_attendance', { event_id: event.id, status: 'no' });

  const month = start.slice(0, 7);
  await page.goto(`${portal.url}/teams/${team.id}/schedule?month=${month}&event=${event.id}`);
  const panel = page.getByRole('region', { name: 'Кто придёт' });
  await expect(panel.locator('.attendance-count-yes')).toHaveText('1 Придут');
  await expect(panel.locator('.attendance-count-no')).toHaveText('1 Не придут');
  await expect(panel.locator('.attendance-count-none')).toHaveText('2 Не ответили');
  await expect(panel.getByText('Анна Вратарёва')).toBeVisible();
  await expect(panel.getByText('— Буду с мячами')).toBeVisible();
  await expect(panel.getByText('Борис Защитин')).toBeVisible();

  // The manager answers too, and sets a deadline; once it passes, answers are closed.
  await panel.getByRole('button', { name: 'Под вопросом' }).click();
  await expect(panel.locator('.attendance-count-maybe')).toHaveText('1 Под вопросом');
  await shots(page, 'team-schedule-attendance');
  const past = new Date(Date.now() - 60_000);
  await call(portal, owner, 'set_attendance_deadline', { event_id: event.id, deadline: past.toISOString() });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Кто придёт' }).getByText('Приём ответов закрыт.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Кто придёт' }).getByRole('button', { name: 'Приду' })).toHaveCount(0);
});

test('the one-click link of a reminder answers without signing in, and says when it is invalid', async ({ browser }) => {
  const owner = await quickUser(portal, 'Пётр Капитанов');
  const team = await call<{ id: string }>(portal, owner, 'create_team', { name: 'Искра' });
  const gleb = await member(owner, team.id, 'Глеб Нападалов');
  const event = await call<{ id: string }>(portal, owner, 'create_team_event', { team_id: team.id, title: 'Утренняя тренировка', type: 'training', event_time: inDays(2) });
  const token = answerToken({ targetId: event.id, teamId: team.id, userId: gleb.user_id!, exp: Math.floor(Date.now() / 1000) + 86_400 });

  const page = await (await browser.newContext(RU)).newPage();
  await page.goto(`${portal.url}/attend?token=${token}&status=yes`);
  await expect(page.getByRole('heading', { name: 'Ответ сохранён' })).toBeVisible();
  await expect(page.getByText('Ваш ответ: «Приду»')).toBeVisible();
  await expect(page.getByText('Утренняя тренировка — команда «Искра»')).toBeVisible();
  await shots(page, 'attend-saved');
  await page.getByRole('button', { name: 'Не приду' }).click();
  await expect(page.getByText('Ваш ответ: «Не приду»')).toBeVisible();
  const list = await call<{ counts: { no: number } }>(portal, owner, 'list_attendance', { event_id: event.id });
  expect(list.counts.no).toBe(1);

  await page.goto(`${portal.url}/attend?token=${token.slice(0, -4)}AAAA&status=yes`);
  await expect(page.getByText('Ссылка для ответа недействительна.')).toBeVisible();
  await shots(page, 'attend-invalid');
  const expired = answerToken({ targetId: event.id, teamId: team.id, userId: gleb.user_id!, exp: Math.floor(Date.now() / 1000) - 60 });
  await page.goto(`${portal.url}/attend?token=${expired}&status=maybe`);
  await expect(page.getByText(/Срок действия ссылки истёк/)).toBeVisible();
});

/** The VEVENTs of a calendar: UID to SEQUENCE. */
function sequences(ics: string): Map<string, number> {
  const lines = ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const out = new Map<string, number>();
  let uid = '';
  let seq = 0;
  for (const l of lines) {
    if (l === 'BEGIN:VEVENT') [uid, seq] = ['', 0];
    else if (l.startsWith('UID:')) uid = l.slice(4);
    else if (l.startsWith('SEQUENCE:')) seq = Number(l.slice(9));
    else if (l === 'END:VEVENT') out.set(uid, seq);
  }
  return out;
}

test('a calendar feed made on the team calendar keeps an event’s UID when it moves, with a higher SEQUENCE', async ({ browser }) => {
  const page = await (await browser.newContext(RU)).newPage();
  await signInByCode(portal, page, 'team-life.feed@example.com', 'Фёдор Календарёв');
  const owner = await sessionOf(page);
  const team = await call<{ id: string }>(portal, owner, 'create_team', { name: 'Ракета' });
  const event = await call<{ id: string }>(portal, owner, 'create_team_event', { team_id: team.id, title: 'Игра в манеже', type: 'match', event_time: inDays(5) });

  await page.goto(`${portal.url}/teams/${team.id}/schedule`);
  await page.getByRole('button', { name: 'Подписаться на календарь' }).click();
  await page.getByRole('button', { name: 'Получить ссылку' }).click();
  const field = page.getByLabel('Ваша ссылка на календарь');
  await expect(field).toHaveValue(/\/calendar\/.+\.ics$/);
  await expect(page.getByText('Календарь iPhone')).toBeVisible();
  await shots(page, 'team-schedule-feed');
  const url = new URL(await field.inputValue());
  const read = async () => {
    const res = await fetch(`${portal.url}${url.pathname}`);
    expect(res.status).toBe(200);
    return sequences(await res.text());
  };
  const before = (await read()).get(`${event.id}@tribuna`);
  expect(before).toBeDefined();
  await call(portal, owner, 'update_team_event', { id: event.id, event_time: inDays(6) });
  const after = (await read()).get(`${event.id}@tribuna`);
  expect(after).toBeGreaterThan(before!);

  // Revoked, the address is gone.
  await page.getByRole('button', { name: /^Отозвать ссылку/ }).click();
  await expect(page.getByRole('button', { name: /^Отозвать ссылку/ })).toHaveCount(0);
  expect((await fetch(`${portal.url}${url.pathname}`)).status).toBe(404);

  // The personal schedule offers a feed of every team.
  await page.goto(`${portal.url}/schedule`);
  await page.getByRole('button', { name: 'Подписаться на календарь' }).click();
  await expect(page.getByRole('button', { name: 'Получить ссылку' })).toBeVisible();
  await shots(page, 'schedule-feed');
});

test('the dashboard is for administrators only: others see no access, an administrator sees charts', async ({ browser }) => {
  const page = await (await browser.newContext(RU)).newPage();
  await page.goto(`${portal.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  await signInByCode(portal, page, 'team-life.someone@example.com', 'Обычный Пользователь');
  await page.goto(`${portal.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Администрирование' })).toHaveCount(0);
  await shots(page, 'admin-no-access');

  const admin = await (await browser.newContext(RU)).newPage();
  await signInByCode(portal, admin, ADMIN_EMAIL, 'Админ Сайтов');
  await admin.getByRole('banner').getByRole('link', { name: 'Администрирование' }).click();
  await expect(admin.getByRole('heading', { name: 'Администрирование' })).toBeVisible();
  await expect(admin.locator('canvas').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Сутки' }).click();
  await expect(admin.getByRole('button', { name: 'Сутки' })).toHaveAttribute('aria-pressed', 'true');
  await expect(admin.locator('canvas').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Месяц' }).click();
  await expect(admin.locator('canvas').first()).toBeVisible();
  await shots(admin, 'admin-dashboard');
});

test('on the match page members answer, the manager picks the squad from who is coming, and everyone sees it', async ({ browser }) => {
  const page = await (await browser.newContext(RU)).newPage();
  await signInByCode(portal, page, 'team-life.squad@example.com', 'Семён Составов');
  const owner = await sessionOf(page);
  const home = await call<{ id: string }>(portal, owner, 'create_team', { name: 'Сокол' });
  const guestOwner = await quickUser(portal, 'Гость Гостев');
  const guest = await call<{ id: string }>(portal, guestOwner, 'create_team', { name: 'Буревестник' });
  const ivan = await member(owner, home.id, 'Иван Быстров');
  const kirill = await member(owner, home.id, 'Кирилл Медленов');
  await member(owner, home.id, 'Лев Тихонов');
  const match = await call<{ id: string }>(portal, owner, 'create_match', { owner_team_id: home.id, guest_team_id: guest.id, match_time: inDays(4) });
  await call(portal, ivan, 'set_attendance', { match_id: match.id, team_id: home.id, status: 'yes' });
  await call(portal, kirill, 'set_attendance', { match_id: match.id, team_id: home.id, status: 'maybe' });

  await page.goto(`${portal.url}/matches/${match.id}`);
  const squad = page.getByRole('region', { name: 'Заявка: Сокол' });
  await expect(squad.getByText('Состав ещё не выбран.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Кто придёт: Сокол' }).locator('.attendance-count-yes')).toHaveText('1 Придут');
  // The guest team's squad has no button for this manager.
  await expect(page.getByRole('region', { name: 'Заявка: Буревестник' }).getByRole('button')).toHaveCount(0);

  await squad.getByRole('button', { name: 'Выбрать состав' }).click();
  await expect(squad.getByRole('checkbox', { name: /Быстров Иван/ })).toBeChecked();
  await expect(squad.getByRole('checkbox', { name: /Медленов Кирилл/ })).not.toBeChecked();
  await squad.getByRole('checkbox', { name: /Медленов Кирилл/ }).check();
  await expect(squad.getByText('1 игрок выбран без ответа «Приду».')).toBeVisible();
  await shots(page, 'match-squad-editor');
  await squad.getByRole('button', { name: 'Сохранить состав' }).click();
  await expect(squad.getByRole('listitem')).toHaveCount(2);
  await expect(squad.getByText('не ответил «Приду»')).toBeVisible();
  await shots(page, 'match-team-life');

  // A visitor sees the squad, and no answers.
  const visitor = await (await browser.newContext(RU)).newPage();
  await visitor.goto(`${portal.url}/matches/${match.id}`);
  await expect(visitor.getByRole('region', { name: 'Заявка: Сокол' }).getByText('Быстров Иван')).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Кто придёт: Сокол' })).toHaveCount(0);

  // The profile's reminder switches.
  await page.goto(`${portal.url}/user/profile`);
  const coming = page.getByRole('switch', { name: /Напоминать о начале/ });
  await expect(coming).toBeChecked();
  await coming.uncheck();
  await expect(coming).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: /Напоминать о начале/ })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /Просить ответить/ })).toBeChecked();
  await shots(page, 'profile-reminders');
});
