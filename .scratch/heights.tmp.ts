import { chromium } from '@playwright/test';
import { CHROMIUM } from '../bench/lib.ts';
import { startPortal } from '../web/e2e/portal.ts';
import { quickUser, seed } from '../web/e2e/seed.ts';
const portal = await startPortal();
const browser = await chromium.launch(CHROMIUM);
const TEXTS: any = new Proxy({}, { get: (_t, k) => `Тест ${String(k)}` });
const owner = await quickUser(portal, 'Анна Проверкина');
const friend = await quickUser(portal, 'Денис Друзьев');
await seed(portal, owner, friend, TEXTS);
for (const w of [390, 1366]) {
  const page = await browser.newPage({ viewport: { width: w, height: 800 } });
  await page.goto(portal.url + '/');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const hs = await page.evaluate(() => [...document.querySelectorAll('.home-block')].map((b) => `${b.getAttribute('aria-labelledby')}: block ${Math.round(b.getBoundingClientRect().height)} list ${Math.round(b.querySelector('ul,p.home-empty')?.getBoundingClientRect().height ?? -1)} card ${Math.round(b.querySelector('li')?.getBoundingClientRect().height ?? -1)} items ${b.querySelectorAll('li').length}`));
  console.log(w, hs); await page.screenshot({ path: '/tmp/home-' + w + '.png', fullPage: true });
}
await browser.close(); await portal.close();
