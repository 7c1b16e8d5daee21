// The web measures: JavaScript the home page loads (gzip bytes on the wire) and its largest contentful
// paint in headless Chromium with the CPU slowed 4x, next to an empty Vite + React page.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { CHROMIUM, ROOT } from './lib.ts';


export async function launch(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

export interface PageLoad {
  lcpMs: number;
  jsGzipBytes: number;
}

/** Median of `runs` cold loads: a fresh context each time, CPU throttled 4x. */
export async function measurePage(browser: Browser, url: string, runs: number): Promise<PageLoad> {
  const lcps: number[] = [];
  let jsBytes = 0;
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let bytes = 0;
    page.on('response', async (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      const sizes = await res.request().sizes().catch(() => undefined);
      bytes += sizes?.responseBodySize ?? Number(res.headers()['content-length'] ?? 0);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(NaN), 5000);
        }),
    );
    lcps.push(lcp);
    jsBytes = bytes;
    await context.close();
  }
  lcps.sort((a, b) => a - b);
  return { lcpMs: lcps[Math.floor(lcps.length / 2)], jsGzipBytes: jsBytes };
}

/** Builds the empty page and serves it (gzipped, like the portal's assets); returns its URL and a stop function. */
export async function serveBaseline(): Promise<{ url: string; stop: () => Promise<void> }> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna-bench-web-'));
  await build({ root: path.join(ROOT, 'bench', 'web-baseline'), plugins: [react()], logLevel: 'error', build: { outDir: out, emptyOutDir: true } });
  const files = new Map<string, { body: Buffer; type: string }>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else files.set('/' + path.relative(out, full).split(path.sep).join('/'), {
        body: zlib.gzipSync(fs.readFileSync(full), { level: 9 }),
        type: e.name.endsWith('.js') ? 'text/javascript' : e.name.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8',
      });
    }
  };
  walk(out);
  const server = http.createServer((req, res) => {
    const f = files.get(req.url === '/' ? '/index.html' : (req.url ?? '')) ?? files.get('/index.html')!;
    res.writeHead(200, { 'Content-Type': f.type, 'Content-Encoding': 'gzip', 'Content-Length': f.body.length });
    res.end(f.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise((r) =>
        server.close(() => {
          fs.rmSync(out, { recursive: true, force: true });
          r();
        }),
      ),
  };
}
