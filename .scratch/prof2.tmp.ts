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
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(portal.url + p);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map<string, number>();
  profile.samples!.forEach((id, i) => {
    const t = (profile.timeDeltas![i + 1] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur)!.callFrame;
      if (!/^[A-Z]/.test(cf.functionName) || !cf.url.includes('/assets/')) continue;
      const key = `${cf.functionName} ${cf.url.split('/').pop()!.replace(/-[\w-]{8}\.js$/, '')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + t);
    }
  });
  console.log('\n==', p0, '(inclusive ms at 4x, components and capitalised functions)');
  console.log([...total].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0)}ms ${k}`).join('\n'));
  await ctx.close();
}
await browser.close(); await portal.close();
