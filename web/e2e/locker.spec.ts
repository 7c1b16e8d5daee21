import { expect, test } from '@playwright/test';
import { call, drag, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

test('the locker room fits a 1366x768 screen; players are dragged on and off the pitch; a burst of arrow keys saves once', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signInByCode(portal, page, 'locker.owner@example.com');
  const s = await sessionOf(page);
  const team = await call<{ id: string }>(portal, s, 'create_team', { name: 'Северные волки' });
  for (const [first_name, last_name] of [['Игорь', 'Акинфеев'], ['Александр', 'Головин']]) {
    const player = await call<{ id: string }>(portal, s, 'create_player', { first_name, last_name });
    // The owner's own players are confirmed at once.
    await call(portal, s, 'request_join_team_player', { team_id: team.id, player_id: player.id });
  }
  await page.goto(`${portal.url}/teams/${team.id}/locker`);

  // The formation, the whole pitch and the bench beside it are on the screen without scrolling.
  const pitch = page.getByTestId('pitch');
  const bench = page.getByRole('region', { name: 'Скамейка запасных' });
  await expect(bench.getByRole('button', { name: /Акинфеев Игорь/ })).toBeVisible();
  const p = (await pitch.boundingBox())!;
  const b = (await bench.boundingBox())!;
  expect(p.y + p.height).toBeLessThanOrEqual(768);
  expect(b.x).toBeGreaterThanOrEqual(p.x + p.width);
  expect(b.y).toBeLessThan(p.y + p.height);
  expect((await page.getByLabel('Формация').boundingBox())!.y).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // A bench player dragged onto the pitch is placed there.
  await drag(page, bench.getByRole('button', { name: /Акинфеев Игорь/ }), pitch);
  const saved = page.getByText('Позиция игрока Акинфеев Игорь сохранена');
  await expect(saved).toHaveCount(1);
  const token = page.getByRole('button', { name: '1 Акинфеев Игорь' });
  await expect(token).toBeVisible();
  await expect(saved).toHaveCount(0);

  // Five arrow presses in a row: the player moves with each, the place is saved once, with one toast.
  const moves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v2/rpc/update_team_player_position')) moves.push(r.postData() ?? '');
  });
  const x0 = Number(await token.getAttribute('data-x'));
  await token.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(token).toHaveAttribute('data-x', (x0 + 0.1).toFixed(3));
  await expect(saved).toHaveCount(1);
  await expect(saved).toHaveCount(0);
  expect(moves).toHaveLength(1);
  await page.reload();
  await expect(page.getByRole('button', { name: '1 Акинфеев Игорь' })).toHaveAttribute('data-x', (x0 + 0.1).toFixed(3));

  // A token dragged onto the bench leaves the pitch (once the reloaded page has settled: a drag over a
  // page still moving under the pointer misses its target).
  await page.waitForLoadState('networkidle');
  await drag(page, page.getByRole('button', { name: '1 Акинфеев Игорь' }), page.getByRole('region', { name: 'Скамейка запасных' }));
  await expect(page.getByRole('region', { name: 'Скамейка запасных' }).getByRole('button', { name: /Акинфеев Игорь/ })).toBeVisible();
  await expect(page.locator('[data-testid^="token-"]')).toHaveCount(0);
});
