// Stored XSS: every payload of the corpus, stored through create_news, comes back harmless when parsed
// as a browser parses it (parse5 follows the HTML standard's parser, foreign content included).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { call, registered } from '../testing.ts';
import { videoEmbed } from '../lib/embed.ts';
import { previewOf } from './preview.ts';
import { sanitizeDescription } from './sanitize.ts';
import { XSS_PAYLOADS } from '../testing-xss-corpus.ts';

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

let ts: TestServer;
let author: Session;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  author = await registered(ts);
});
after(() => ts.close());

const HTML = 'http://www.w3.org/1999/xhtml';
const UPLOAD = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox';
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt'],
  iframe: ['src', 'sandbox', 'allow', 'referrerpolicy', 'loading', 'allowfullscreen'],
  code: ['class'],
};
const TAGS = new Set(['p', 'br', 'b', 'i', 'em', 'strong', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'iframe', 'code', 'pre']);

const isElement = (n: Node): n is Element => 'tagName' in n;
/** A preview is text in the card's link: no links, pictures or players in it. */
function textOnly(html: string, payload: string): void {
  for (const node of parseFragment(html).childNodes) {
    if (!isElement(node)) continue;
    harmless(node, payload);
    assert.doesNotMatch(html, /<(a|img|iframe)[\s>]/, `${payload} → ${html}`);
  }
}
const protocol = (url: string) => URL.parse(url)?.protocol;

/** Asserts an element, and all below it, is harmless: allowed tags and attributes, safe addresses, our players only. */
function harmless(el: Element, payload: string): void {
  const at = `${payload} → <${el.tagName}>`;
  assert.equal(el.namespaceURI, HTML, at);
  assert.ok(TAGS.has(el.tagName), at);
  const attrs = Object.fromEntries(el.attrs.map((a) => [a.name, a.value]));
  for (const name of Object.keys(attrs)) assert.ok(ATTRIBUTES[el.tagName]?.includes(name), `${at} ${name}`);
  if (el.tagName === 'a') {
    assert.ok(['http:', 'https:', 'mailto:'].includes(protocol(attrs.href) ?? ''), `${at} ${attrs.href}`);
    assert.deepEqual([attrs.rel, attrs.target], ['noopener nofollow ugc', '_blank'], at);
  }
  if (el.tagName === 'img') assert.ok(UPLOAD.test(attrs.src) || protocol(attrs.src) === 'https:', `${at} ${attrs.src}`);
  if (el.tagName === 'iframe') {
    assert.equal(videoEmbed(attrs.src), attrs.src, at);
    assert.equal(attrs.sandbox, SANDBOX, at);
    assert.deepEqual(el.childNodes, [], at);
  }
  if (el.tagName === 'code' && attrs.class !== undefined) assert.match(attrs.class, /^language-[\w-]+$/, at);
  for (const child of el.childNodes) if (isElement(child)) harmless(child, payload);
}

describe('stored XSS', () => {
  it(`makes each of the ${XSS_PAYLOADS.length} payloads harmless`, async () => {
    assert.ok(XSS_PAYLOADS.length >= 40);
    for (const payload of XSS_PAYLOADS) {
      const created = await call(ts, author, 'create_news', { name: 'Проверка текста', description: payload });
      const { description } = await call(ts, author, 'get_news', { id: created.id });
      assert.equal(description, created.description, payload);
      for (const node of parseFragment(description).childNodes) if (isElement(node)) harmless(node, payload);
      // Stored HTML sent back (an edit that keeps the text) is stored the same.
      assert.equal(sanitizeDescription(description), description, payload);
      // A preview made of the payload itself, unsanitised, is text alone and harmless too.
      textOnly(previewOf(payload).preview_html, payload);
    }
    // And so is every stored preview the list sends.
    let cursor: string | undefined;
    let seen = 0;
    do {
      const page = await call(ts, author, 'list_news', { only_mine: true, limit: 50, cursor });
      for (const n of page.news) textOnly(n.preview_html, n.id);
      seen += page.news.length;
      cursor = page.cursor;
    } while (cursor);
    assert.equal(seen, XSS_PAYLOADS.length);
  });

  it('keeps what the payloads carry that is harmless', async () => {
    const kept = async (payload: string) => (await call(ts, author, 'create_news', { name: 'Проверка текста', description: payload })).description;
    assert.equal(await kept('<p title="</p><script>alert(1)</script>">x</p>'), '<p>x</p>');
    assert.equal(await kept('<a href="https://ok.example/" onclick="alert(1)">click</a>'), '<a href="https://ok.example/" rel="noopener nofollow ugc" target="_blank">click</a>');
    assert.equal(
      await kept('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)" sandbox="allow-top-navigation allow-scripts"></iframe>'),
      `<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" sandbox="${SANDBOX}" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" referrerpolicy="strict-origin-when-cross-origin" loading="lazy" allowfullscreen></iframe>`,
    );
    assert.equal(await kept('<ul><li><a href="javascript:alert(1)">one<li><b><i>two'), '<ul><li>one</li><li><b><i>two</i></b></li></ul>');
    assert.equal(await kept('<code class="language-js" onclick="alert(1)">code</code>'), '<code class="language-js">code</code>');
  });
});
