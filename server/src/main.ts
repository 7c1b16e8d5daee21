// Entry point: npm start runs this file on Node 24.
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUse } from './db/index.ts';
import { createLogger } from './log.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config.logLevel, { format: config.logFormat });
// Lines still buffered by the asynchronous destination are written before the process ends.
process.on('exit', () => logger.flush());
let app;
try {
  app = await createApp(config, { logger });
} catch (err) {
  // Another server (or a backup, a restore) has the embedded database open.
  if (err instanceof DataDirInUse) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
const port = await app.listen();
logger.info('Tribuna server listening', {
  url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
  database: config.databaseUrl ? 'postgresql' : `embedded (${config.dataDir}/db)`,
  web: config.webDist ?? 'none',
});

// The graceful stop: not ready, no new connections, sockets told to reconnect elsewhere (close code 1012),
// in-flight requests finished (at most DRAIN_TIMEOUT_MS), the cluster left. A second signal stops at once.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      logger.warn('stopping at once', { signal });
      process.exit(1);
    }
    stopping = true;
    logger.info('shutting down', { signal, drainTimeoutMs: config.drainTimeoutMs });
    app.shutdown().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err) => {
        logger.error('shutdown failed', { err });
        process.exit(1);
      },
    );
  });
}
process.on('unhandledRejection', (err) => logger.error('unhandled rejection', { err }));
