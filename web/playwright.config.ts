import { defineConfig } from '@playwright/test';

// Debian's Chromium (installed by .ci/run); Playwright never downloads a browser here.
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 1000 },
    locale: 'ru-RU',
    // The service worker precaches the whole app in each new context: only pwa.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
    // An action waits this long for its element, then fails and says which: never the whole test's time.
    actionTimeout: 30_000,
  },
});
