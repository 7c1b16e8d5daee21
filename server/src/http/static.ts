// The built web app: files read once at start and kept in memory with their gzip form. Hashed assets
// are cached for a year; index.html is revalidated and answers every deep link of the app, with the
// page's own title and link-preview tags when a module describes the page (registerPageMeta); "/" gets
// home.html when there is one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type http from 'node:http';
import type { Logger } from '../log.ts';
import type { PageMetaRoutes } from '../runtime/page-meta.ts';
import type { PageMeta } from '../runtime/types.ts';
import { headTemplate, metaTags, siteOrigin } from './page-head.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);

// The web app's policy, sent with its HTML. The app has no inline script; its one inline <style> (the
// app's own stylesheet, written into index.html by the build so the page paints without fetching it) is
// allowed by its SHA-256 hash, taken from the built files themselves, never by 'unsafe-inline' (React
// sets element styles through the CSSOM, which CSP leaves alone). Images may be uploads, previews (blob:),
// data: URIs or external avatars (https:); frames are only the players of the embed URLs team videos are
// stored as (portal/src/lib/embed.ts), and vkvideo.ru, VK Video's own host, should vk.com's player
// redirect there. 'self' in connect-src also covers the socket (ws:/wss: on the same host and port, CSP
// Level 3).
/** @internal The policy for pages whose inline <style> elements have these contents. */
export function contentSecurityPolicy(inlineStyles: readonly string[] = []): string {
  const hashes = [...new Set(inlineStyles.map((css) => `'sha256-${crypto.createHash('sha256').update(css).digest('base64')}'`))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...hashes].join(' '),
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    'frame-src https://www.youtube.com https://vk.com https://vkvideo.ru https://rutube.ru',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The contents of the <style> elements (without attributes) of an HTML page. */
function inlineStylesOf(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
}

/** A page's metadata that takes longer is given up: the plain page goes out. */
const PAGE_META_TIMEOUT_MS = 2000;

interface Entry {
  body: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
}

export interface PageMetaOptions {
  routes: PageMetaRoutes;
  /** PUBLIC_URL: the site's address for absolute links; else the request's Host. */
  publicUrl: string | undefined;
  logger: Logger;
}

const gzipOf = (body: Buffer) => zlib.gzipSync(body, { level: 9 });

export class StaticFiles {
  private readonly files = new Map<string, Entry>();
  private readonly pageMeta: PageMetaOptions | undefined;
  private readonly head: { before: string; after: string } | undefined;
  /** The policy sent with every page: it allows the inline styles of the built pages. */
  private readonly policy: string;

  constructor(root: string, pageMeta?: PageMetaOptions) {
    this.scan(root, root);
    this.pageMeta = pageMeta;
    const index = this.files.get('/index.html');
    this.head = index && headTemplate(index.body.toString('utf8'));
    const pages = [...this.files.values()].filter((f) => f.type === TYPES['.html']);
    this.policy = contentSecurityPolicy(pages.flatMap((f) => inlineStylesOf(f.body.toString('utf8'))));
  }

  get empty(): boolean {
    return this.files.size === 0;
  }

  private scan(root: string, dir: string): void {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        this.scan(root, full);
        continue;
      }
      if (!e.isFile()) continue;
      const rel = '/' + path.relative(root, full).split(path.sep).join('/');
      const ext = path.extname(e.name).toLowerCase();
      const body = fs.readFileSync(full);
      const stat = fs.statSync(full);
      this.files.set(rel, {
        body,
        gzip: COMPRESSIBLE.has(ext) && body.length > 512 ? gzipOf(body) : undefined,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
        immutable: rel.startsWith('/assets/'),
      });
    }
  }

  /** Serves a file or the app's index.html for a deep link; false when neither applies. */
  async serve(req: http.IncomingMessage, res: http.ServerResponse, urlPath: string): Promise<boolean> {
    let p: string;
    try {
      p = decodeURIComponent(urlPath);
    } catch {
      return false;
    }
    // "/" is home.html where the build made one (the home page with its headline drawn in: web/vite.config.ts).
    let entry = p === '/' ? (this.files.get('/home.html') ?? this.files.get('/index.html')) : this.files.get(p);
    if (!entry) {
      // Deep links of the single-page app have no file extension; a missing asset stays a 404.
      if (path.extname(p) !== '' || p.startsWith('/ws')) return false;
      entry = this.files.get('/index.html');
      if (!entry) return false;
      entry = (await this.describedPage(req, urlPath)) ?? entry;
    }
    const headers: Record<string, string | number> = {
      'Content-Type': entry.type,
      'Cache-Control': entry.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: entry.etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (entry.type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = this.policy;
      headers['X-Frame-Options'] = 'SAMEORIGIN';
      headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
    }
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    let body = entry.body;
    const ae = req.headers['accept-encoding'];
    if (entry.gzip && typeof ae === 'string' && ae.includes('gzip')) {
      body = entry.gzip;
      headers['Content-Encoding'] = 'gzip';
      headers['Vary'] = 'Accept-Encoding';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /**
   * The app's page with the metadata a module gives for this path; undefined for the plain page (no
   * pattern matches, the module gives nothing, fails or takes too long). Made for each request and kept
   * nowhere, so a page made private or deleted is never served from memory.
   */
  private async describedPage(req: http.IncomingMessage, urlPath: string): Promise<Entry | undefined> {
    const found = this.pageMeta?.routes.match(urlPath);
    if (!found || !this.head) return undefined;
    const { logger, publicUrl } = this.pageMeta!;
    let timer: NodeJS.Timeout | undefined;
    let meta: PageMeta | null | undefined;
    try {
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          logger.warn('page metadata took too long', { path: urlPath });
          resolve(undefined);
        }, PAGE_META_TIMEOUT_MS);
      });
      meta = await Promise.race([Promise.resolve(found.fn(found.params, { path: decodeURIComponent(urlPath) })), timeout]);
    } catch (err) {
      logger.error('page metadata failed', { path: urlPath, err });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
    if (!meta || typeof meta.title !== 'string' || !meta.title.trim()) return undefined;
    const tags = metaTags(meta, urlPath, siteOrigin(req, publicUrl));
    const body = Buffer.from(`${this.head.before}  ${tags}\n  ${this.head.after}`);
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, gzip: gzipOf(body), type: TYPES['.html'], etag, immutable: false };
  }
}

export function loadStaticFiles(root: string | undefined, pageMeta?: PageMetaOptions): StaticFiles | undefined {
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) return undefined;
  return new StaticFiles(root, pageMeta);
}
