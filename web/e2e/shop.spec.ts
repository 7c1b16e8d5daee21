// The coin shop in test mode: a visitor is asked to sign in and comes back; buying a pack shows
// «Обработка...» until the test provider confirms, then the header's wallet shows the coins, once,
// without reloading the page; the purchase is in the history.
import { expect, test } from '@playwright/test';
import { call, enterCode, sessionOf, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

test('buying a pack in test mode adds the coins to the header once', async ({ page }) => {
  await page.goto(`${portal.url}/buyCoins`);
  await expect(page.getByText('Необходимо войти в аккаунт, чтобы купить коины')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=%2FbuyCoins$/);
  await enterCode(portal, page, 'buyer@example.com', 'Покупатель');
  await expect(page).toHaveURL(/\/buyCoins$/);

  const wallet = page.getByRole('banner').locator('.wallet');
  await expect(wallet).toHaveText(/^Коины\s0$/);
  await expect(page.getByText('Тестовый режим: деньги не списываются').first()).toBeVisible();
  // Set on this document: still there afterwards means the page was not reloaded.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await page.getByRole('button', { name: 'Купить 500 коинов за 450 ₽' }).click();
  const dialog = page.getByRole('dialog', { name: 'Оплата' });
  await expect(dialog.getByRole('radio', { name: 'Банковская карта' })).toBeChecked();
  await dialog.getByText('СБП (Система быстрых платежей)').click();
  await dialog.getByRole('button', { name: 'Оплатить' }).click();
  await expect(dialog.getByRole('button', { name: 'Обработка...' })).toBeDisabled();

  await expect(page.getByText(/^Оплата прошла: на счёт зачислено 500 коинов\.$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(wallet).toHaveText(/^Коины\s500$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  const history = page.getByRole('region', { name: 'История операций' });
  await expect(history.getByRole('listitem')).toHaveText([/Покупка пакета «500 коинов».*\+500 коинов/]);

  // Once: the server credited one purchase, and a fresh page shows the same balance.
  const session = await sessionOf(page);
  expect(await call(portal, session, 'get_wallet', {})).toEqual({ wallet: { COIN: 500 } });
  const { items } = await call<{ items: { metadata: { payment_id?: string } }[] }>(portal, session, 'get_wallet_ledger', {});
  expect(items.filter((i) => i.metadata.payment_id)).toHaveLength(1);
  await page.reload();
  await expect(wallet).toHaveText(/^Коины\s500$/);
});
