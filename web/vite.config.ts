import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// In development the API and socket are proxied to the server, so the app always talks to its own origin.
const backend = process.env.TRIBUNA_BACKEND ?? 'http://127.0.0.1:7350';

const QUERY_CORE = /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
/** Parts only some pages use (writes, endless lists, option helpers): they stay with those pages. */
const QUERY_EXTRAS = /[\\/](mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions|queryOptions|useQueries|queriesObserver|hydration|HydrationBoundary|useSuspense\w*|usePrefetch\w*|useIsFetching|useMutationState|mutationOptions|streamedQuery)\.js$/;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        advancedChunks: {
          // TanStack Query's core, which every page that reads data runs, in one chunk. Left to the
          // bundler, a page that only writes (a create form) splits it in two, and the home page loads both.
          groups: [{ name: 'query', test: (id: string) => QUERY_CORE.test(id) && !QUERY_EXTRAS.test(id) }],
        },
      },
    },
  },
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
