import { chromium } from '@playwright/test';
import { CHROMIUM } from '../bench/lib.ts';
import { startPortal } from '../web/e2e/portal.ts';
const portal = await startPortal();
const browser = await chromium.launch(CHROMIUM);
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const page = await ctx.newPage();
await page.addInitScript(() => {
  (window as any).__lcp = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).__lcp.push([Math.round(e.startTime), e.size, e.element?.className ?? e.element?.tagName, e.element?.isConnected]); }).observe({ type: 'largest-contentful-paint', buffered: true });
});
await page.goto(portal.url + (process.argv[2] ?? '/'));
await page.waitForTimeout(1500);
console.log(JSON.stringify(await page.evaluate(() => (window as any).__lcp)));
console.log(await page.evaluate(() => { const p = document.querySelector('.hero-subtitle')!; const r = p.getBoundingClientRect(); return [r.width, r.height, getComputedStyle(p).fontFamily, document.fonts.check('16px Inter')]; }));
await browser.close(); await portal.close();
