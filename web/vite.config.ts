import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// In development the API and socket are proxied to the server, so the app always talks to its own origin.
const backend = process.env.TRIBUNA_BACKEND ?? 'http://127.0.0.1:7350';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    proxy: {
      '/v2': backend,
      '/uploads': backend,
      '/healthcheck': backend,
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    // Behaviour only: a busy machine (2 cores shared with the server tests) may take seconds per test.
    testTimeout: 30_000,
  },
});
