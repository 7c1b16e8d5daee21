import { chromium } from '@playwright/test';
import { CHROMIUM } from '../bench/lib.ts';
import { startPortal } from '../web/e2e/portal.ts';
import { quickUser, seed } from '../web/e2e/seed.ts';
const portal = await startPortal();
const browser = await chromium.launch(CHROMIUM);
const TEXTS: any = new Proxy({}, { get: (_t, k) => `Тест ${String(k)}` });
const owner = await quickUser(portal, 'Анна Проверкина');
const friend = await quickUser(portal, 'Денис Друзьев');
const seeded = await seed(portal, owner, friend, TEXTS);
for (const p0 of process.argv.slice(2)) {
  const p = p0.replace('TEAM', `/teams/${seeded.teamId}`);
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(portal.url + p);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const byUrl = new Map<string, number>();
  const dt = new Map<number, number>();
  profile.samples!.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
  for (const n of profile.nodes) {
    const t = (dt.get(n.id) ?? 0) / 1000;
    const cf = n.callFrame;
    const url = cf.url.replace(portal.url, '').replace(/-[\w-]{8}\.js$/, '.js');
    const key = `${cf.functionName || '(anon)'} ${url}:${cf.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + t);
    byUrl.set(url || cf.functionName, (byUrl.get(url || cf.functionName) ?? 0) + t);
  }
  console.log('\n==', p0);
  console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(0)}ms ${k}`).join('\n'));
  console.log('--');
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
  await ctx.close();
}
await browser.close(); await portal.close();
