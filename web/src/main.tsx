// The entry: the app's styles (written into index.html by the build), the session started at once (the
// guest's sign-in or the stored one's check goes out while the app's code loads, and after it the first
// data of the page the address opens: app/early-calls.ts), and the app itself
// (app/start.tsx) after the page's first frame is on the screen (app/first-paint.ts).
import './app/fonts.css';
import './app/styles.css';
// The home page's too (only here): home.html draws its headline before any script (vite.config.ts, homeShell).
import './features/home/home.css';
import { startEarlyCalls } from './app/early-calls.ts';
import { afterFirstPaint } from './app/first-paint.ts';
import { sessionManager } from './lib/nakama/session.ts';

sessionManager.start().catch(() => undefined);
startEarlyCalls(location.pathname, location.search);
afterFirstPaint()
  .then(() => import('./app/start.tsx'))
  .then(
    (app) => app.startApp(),
    (err: unknown) => console.error('Не удалось запустить приложение', err),
  );
