import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// In development the API and socket are proxied to the server, so the app always talks to its own origin.
const backend = process.env.TRIBUNA_BACKEND ?? 'http://127.0.0.1:7350';

/** What every page runs to reach the backend (session, RPCs, account): one chunk, not one per module. */
const BACKEND_CORE = /[\\/]src[\\/]lib[\\/]nakama[\\/](http|rpc|session|session-timing|errors|account|file-url)\.ts$/;
const QUERY_CORE = /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
/** Parts only some pages use (writes, endless lists, option helpers): they stay with those pages. */
const QUERY_EXTRAS = /[\\/](mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions|queryOptions|useQueries|queriesObserver|hydration|HydrationBoundary|useSuspense\w*|usePrefetch\w*|useIsFetching|useMutationState|mutationOptions|streamedQuery)\.js$/;

/**
 * The installable app: its manifest, and the service worker (src/sw/sw.ts) with the list of files it
 * precaches: the shell, every script and style, the fonts the app uses and the icons, not the sample
 * images of public/images. The app registers it itself (src/app/pwa/), offering a new version.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  manifest: {
    id: '/',
    name: 'Трибуна',
    short_name: 'Трибуна',
    description: 'Портал любительского футбола: команды, матчи, турниры, новости и трансляции.',
    lang: 'ru',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0b6e4f',
    background_color: '#f6f8f9',
    categories: ['sports', 'social'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'favicon.svg'],
    globIgnores: ['images/**'],
    // The largest script (the 3D scene) is about 0.6 MB.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

/**
 * The home page's first paint: the built index.html with the headline (src/features/home/hero.html, the
 * markup the app draws, which a test keeps so) already in its frame, written as home.html and served for
 * "/" (server/src/http/static.ts). The largest thing on the home page is then drawn before any script runs.
 */
const FRAME_MAIN = '<main class="main" aria-busy="true"></main>';
const homeShell: Plugin = {
  name: 'tribuna-home-shell',
  apply: 'build',
  closeBundle() {
    const dist = path.resolve(import.meta.dirname, 'dist');
    const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    if (!index.includes(FRAME_MAIN)) throw new Error(`index.html has no ${FRAME_MAIN} to put the home page's headline in`);
    const hero = fs.readFileSync(path.resolve(import.meta.dirname, 'src/features/home/hero.html'), 'utf8').trim();
    fs.writeFileSync(path.join(dist, 'home.html'), index.replace(FRAME_MAIN, `<main class="main" aria-busy="true"><div class="home">${hero}</div></main>`));
  },
};

/**
 * The app's own stylesheet (every page's frame, about 4 KB compressed) written into index.html: the page
 * can paint as soon as its HTML is in, with no stylesheet to fetch first. The styles of lazy pages stay
 * files loaded with their pages. It is taken off the entry before the bundle is written, so that neither
 * index.html links it nor a page loaded later fetches it again: a second copy coming after the pages'
 * own styles would override them.
 */
const inlineEntryCss = (): Plugin => {
  let css = '';
  return {
    name: 'tribuna-inline-entry-css',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          for (const fileName of chunk.viteMetadata?.importedCss ?? []) {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') continue;
            css += String(asset.source);
            chunk.viteMetadata!.importedCss.delete(fileName);
            delete bundle[fileName];
          }
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!css) throw new Error('the entry has no stylesheet to write into index.html');
        return html.replace('</head>', `  <style>${css.replaceAll('</style', '<\\/style')}</style>\n  </head>`);
      },
    },
  };
};

/**
 * The app's code (src/app/start.tsx, imported by the entry once the first frame is on the screen) is
 * fetched from the start all the same: index.html preloads it and what it imports, so waiting for the
 * frame costs no round trip.
 */
const APP_START = /[\\/]src[\\/]app[\\/]start\.tsx$/;
const preloadAppStart: Plugin = {
  name: 'tribuna-preload-app-start',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const { bundle, chunk: entry } = ctx;
      if (!bundle || !entry) return html;
      const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId !== null && APP_START.test(c.facadeModuleId));
      if (start?.type !== 'chunk') throw new Error('the build has no chunk for src/app/start.tsx to preload');
      const files = new Set<string>();
      const add = (fileName: string) => {
        const c = bundle[fileName];
        if (files.has(fileName) || fileName === entry.fileName || c?.type !== 'chunk') return;
        files.add(fileName);
        c.imports.forEach(add);
      };
      add(start.fileName);
      const links = [...files].filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
      return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
    },
  },
};

export default defineConfig({
  // The service worker is built only with the app, not for the unit tests.
  plugins: process.env.VITEST ? [react()] : [react(), pwa, inlineEntryCss(), preloadAppStart, homeShell],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        advancedChunks: {
          // TanStack Query's core, which every page that reads data runs, in one chunk. Left to the
          // bundler, a page that only writes (a create form) splits it in two, and the home page loads both.
          groups: [
            { name: 'query', test: (id: string) => QUERY_CORE.test(id) && !QUERY_EXTRAS.test(id) },
            { name: 'backend', test: (id: string) => BACKEND_CORE.test(id) },
          ],
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
