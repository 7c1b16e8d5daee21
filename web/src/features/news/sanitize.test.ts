// The browser's sanitiser: the server's allowlist again, whatever the stored HTML holds.
import { XSS_PAYLOADS } from '@tribuna/portal/testing/xss-corpus';
import { describe, expect, it } from 'vitest';
import { sanitizeNews, sanitizeNewsPreview } from './sanitize.ts';

const ALLOWED = new Set(['P', 'BR', 'B', 'I', 'EM', 'STRONG', 'U', 'S', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'A', 'IMG', 'IFRAME', 'CODE', 'PRE']);
const ATTRS: Record<string, string[]> = {
  A: ['href', 'rel', 'target'],
  IMG: ['src', 'alt'],
  IFRAME: ['src', 'sandbox', 'allow', 'referrerpolicy', 'loading', 'allowfullscreen'],
  CODE: ['class'],
};
const EMBED = /^https:\/\/(www\.youtube\.com\/embed\/|vk\.com\/video_ext\.php\?|rutube\.ru\/play\/embed\/)/;

/** Every element of the rendered HTML, checked against the allowlist. */
function expectHarmless(html: string, payload: string) {
  const box = document.createElement('div');
  box.innerHTML = html;
  for (const el of box.querySelectorAll('*')) {
    expect(ALLOWED.has(el.tagName), `${el.tagName} from ${payload}`).toBe(true);
    for (const attr of el.attributes) expect(ATTRS[el.tagName] ?? [], `${el.tagName}[${attr.name}] from ${payload}`).toContain(attr.name);
    const href = el.getAttribute('href');
    if (href !== null) expect(href, payload).toMatch(/^(https?:|mailto:)/);
    const src = el.getAttribute('src');
    if (el.tagName === 'IMG') expect(src, payload).toMatch(/^(https:\/\/|\/uploads\/[0-9a-f-]{36}$)/);
    if (el.tagName === 'IFRAME') expect(src, payload).toMatch(EMBED);
  }
  // Inside tags: text may well say "javascript:", escaped.
  expect(html).not.toMatch(/<[^>]*(javascript:|vbscript:|data:|\son[a-z]+=|srcdoc)|<script|<style/i);
}

describe('sanitizeNews', () => {
  it('renders every payload of the stored-XSS corpus harmless', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThan(50);
    for (const payload of XSS_PAYLOADS) {
      expectHarmless(sanitizeNews(payload), payload);
      expectHarmless(sanitizeNewsPreview(payload), payload);
    }
  });

  it("keeps the editor's markup: bold, italic, code, lists, quotes, code blocks with their language", () => {
    const html = '<p><strong>Счёт</strong> <em>3:1</em>, <code>x &lt; y</code></p><ul><li>один</li></ul><ol><li>два</li></ol><blockquote><p>цитата</p></blockquote><pre><code class="language-js">let a = 1;</code></pre>';
    expect(sanitizeNews(html)).toBe(html);
    expect(sanitizeNews('<pre><code class="hljs x" onclick="x()">code</code></pre>')).toBe('<pre><code>code</code></pre>');
  });

  it('opens links apart from the portal and unwraps links to nowhere safe', () => {
    expect(sanitizeNews('<p><a href="https://example.com/a" rel="opener" target="_self" title="t">сайт</a></p>')).toBe(
      '<p><a href="https://example.com/a" rel="noopener nofollow ugc" target="_blank">сайт</a></p>',
    );
    expect(sanitizeNews('<p><a href="javascript:alert(1)">ссылка</a> и <a>ничего</a></p>')).toBe('<p>ссылка и ничего</p>');
    expect(sanitizeNews('<p><a href="/news/1">своя</a></p>')).toBe('<p>своя</p>');
  });

  it('keeps pictures of ours and https ones; drops others', () => {
    const upload = '/uploads/00000000-0000-4000-8000-000000000001';
    expect(sanitizeNews(`<img src="${upload}" alt="Гол" width="5">`)).toBe(`<img src="${upload}" alt="Гол">`);
    expect(sanitizeNews('<img src="https://cdn.example/a.png">')).toBe('<img src="https://cdn.example/a.png">');
    for (const src of ['http://cdn.example/a.png', '/uploads/../etc', 'x', 'data:image/png;base64,AAAA', '//cdn.example/a.png']) {
      expect(sanitizeNews(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
    }
  });

  it('keeps players of the allowed hosts in their embed form, with the portal sandbox, and nothing else', () => {
    const out = sanitizeNews('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" sandbox="allow-top-navigation" onload="x()">t</iframe>');
    const frame = new DOMParser().parseFromString(out, 'text/html').querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox');
    expect(frame.textContent).toBe('');
    for (const src of ['https://vk.com/video_ext.php?oid=-1&id=2&hash=abc', `https://rutube.ru/play/embed/${'a'.repeat(32)}`]) {
      expect(sanitizeNews(`<iframe src="${src}"></iframe>`), src).toContain(`src="${src.replace(/&/g, '&amp;')}"`);
    }
    for (const src of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://evil.example/embed/x', 'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ']) {
      expect(sanitizeNews(`<iframe src="${src}"></iframe>`), src).toBe('');
    }
  });
});

describe('sanitizeNewsPreview', () => {
  it('renders the server\'s preview as text: whatever links, pictures or players it holds are left out', () => {
    const blocks = '<p>абзац <b>1</b></p><ul><li>список</li></ul><blockquote><p>цитата</p></blockquote><pre><code class="language-js">x</code></pre>';
    expect(sanitizeNewsPreview(blocks)).toBe(blocks);
    const upload = '/uploads/00000000-0000-4000-8000-000000000001';
    expect(sanitizeNewsPreview(`<p><img src="${upload}">Смотрите <a href="https://example.com/">сайт</a></p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>`))
      .toBe('<p>Смотрите сайт</p>');
    expect(sanitizeNewsPreview('')).toBe('');
  });
});
