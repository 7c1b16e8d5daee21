// What lists and link previews show of a description: its first blocks, plain text and first picture.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstImage, plainText, PREVIEW_BYTES, previewOf } from './preview.ts';
import { sanitizeDescription } from './sanitize.ts';
import type { NewsMedia } from './media-store.ts';

const medium = (id: string, media_type: 'image' | 'video'): NewsMedia => ({
  id, news_id: 'n', media_type, s3_key: `file-${id}`, position: 0, create_time: '2025-01-01T00:00:00.000Z',
});

describe('plainText', () => {
  it('keeps the text alone, entities decoded, blocks apart, white space collapsed', () => {
    const html = sanitizeDescription('<p>Счёт <b>3:1</b> &amp; «победа»</p><ul><li>Иванов</li><li>Петров</li></ul><pre><code>x &lt; y</code></pre><p>Итог<br>сезона</p>');
    assert.equal(plainText(html), 'Счёт 3:1 & «победа» Иванов Петров x < y Итог сезона');
    assert.equal(plainText(''), '');
    assert.equal(plainText('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'), '');
  });

  it('cuts a long text at a word, within the limit, with an ellipsis', () => {
    const words = Array.from({ length: 100 }, (_, i) => `слово${i}`).join(' ');
    const cut = plainText(`<p>${words}</p>`, 50);
    assert.ok([...cut].length <= 50, cut);
    assert.ok(cut.endsWith('…'));
    assert.ok(words.startsWith(cut.slice(0, -1)), 'a prefix of the text');
    assert.match(cut, /слово\d+…$/, 'whole words');
    // One long word is cut inside it.
    assert.equal(plainText(`<p>${'а'.repeat(80)}</p>`, 10), `${'а'.repeat(9)}…`);
    // Characters, not UTF-16 units: an emoji is one.
    assert.equal(plainText('<p>😀😀😀😀</p>', 3), '😀😀…');
  });

  it('reads only the start of a long description and says it was cut', () => {
    const long = `<p>Начало</p>${'<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'.repeat(400)}<p>Конец</p>`;
    assert.equal(plainText(long), 'Начало…');
  });
});

describe('firstImage', () => {
  it('is the first image medium, else the first picture in the text, else none', () => {
    const html = sanitizeDescription('<p>Текст <img src="https://cdn.example/a.png"> <img src="/uploads/00000000-0000-4000-8000-000000000001"></p>');
    const inText = previewOf(html).preview_image;
    assert.equal(inText, 'https://cdn.example/a.png');
    assert.equal(firstImage(inText, [medium('v', 'video'), medium('a', 'image'), medium('b', 'image')]), '/uploads/file-a');
    assert.equal(firstImage(inText, [medium('v', 'video')]), 'https://cdn.example/a.png');
    assert.equal(firstImage(previewOf('<p>Текст</p>').preview_image, []), undefined);
  });
});

const bytes = (s: string) => Buffer.byteLength(s);
/** Whether every tag opened in the HTML is closed, in order. */
function wellFormed(html: string): boolean {
  const open: string[] = [];
  for (const [, end, name] of html.matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (name === 'br') continue;
    if (!end) open.push(name);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

describe('previewOf', () => {
  it('keeps the first 8 blocks that have text, without pictures or players, links unwrapped', () => {
    const html = sanitizeDescription(
      '<p>Первый <b>абзац</b> https://example.com</p><p><img src="https://cdn.example/a.png"></p><ul><li>один</li><li>два</li></ul>' +
        '<p>https://youtu.be/dQw4w9WgXcQ</p><blockquote><p>цитата</p></blockquote><pre><code class="language-js">x &lt; y</code></pre>' +
        Array.from({ length: 6 }, (_, i) => `<p>Абзац ${i + 4}</p>`).join(''),
    );
    const p = previewOf(html);
    assert.equal(
      p.preview_html,
      '<p>Первый <b>абзац</b> https://example.com</p><ul><li>один</li><li>два</li></ul><blockquote><p>цитата</p></blockquote>' +
        '<pre><code class="language-js">x &lt; y</code></pre><p>Абзац 4</p><p>Абзац 5</p><p>Абзац 6</p><p>Абзац 7</p>',
    );
    assert.equal(p.description_cut, true);
    assert.equal(p.preview_image, 'https://cdn.example/a.png');
    assert.equal(p.excerpt, plainText(html));
    // Eight blocks or fewer are whole: nothing is cut.
    const short = previewOf('<p>Один</p><p>Два</p>');
    assert.deepEqual(short, { preview_html: '<p>Один</p><p>Два</p>', description_cut: false, excerpt: 'Один Два' });
    assert.deepEqual(previewOf(''), { preview_html: '', description_cut: false, excerpt: '' });
  });

  it('stays within its bytes, cutting a long block at a word with an ellipsis, well-formed', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `слово${i}`).join(' ');
    const p = previewOf(`<blockquote><p><b>${words}</b></p></blockquote><p>Дальше</p>`);
    assert.ok(bytes(p.preview_html) <= PREVIEW_BYTES, String(bytes(p.preview_html)));
    assert.ok(bytes(p.preview_html) > PREVIEW_BYTES - 100, 'the room is used');
    assert.match(p.preview_html, /^<blockquote><p><b>слово0 слово1 .* слово\d+…<\/b><\/p><\/blockquote>$/);
    assert.ok(words.startsWith(p.preview_html.replace(/<[^>]+>/g, '').slice(0, -1)), 'whole words of the start');
    assert.equal(p.description_cut, true);
    // Blocks of 407 bytes: seven fit, and the eighth, which would start with too little room, is left out
    // rather than cut to a word or two.
    const block = (i: number) => `<p>${String(i).repeat(400)}</p>`;
    const q = previewOf(Array.from({ length: 8 }, (_, i) => block(i)).join(''));
    assert.equal(q.preview_html, Array.from({ length: 7 }, (_, i) => block(i)).join(''));
    assert.equal(q.description_cut, true);
    // Deep markup cut anywhere stays well-formed.
    const deep = previewOf(`<ul><li><blockquote><p><i><s>${'текст '.repeat(1000)}</s></i></p></blockquote></li></ul>`);
    assert.ok(bytes(deep.preview_html) <= PREVIEW_BYTES);
    assert.ok(wellFormed(deep.preview_html), deep.preview_html);
    assert.match(deep.preview_html, /текст…<\/s><\/i><\/p><\/blockquote><\/li><\/ul>$/);
    // Markup is escaped as text, and text without spaces is cut inside it.
    const r = previewOf(`<p>${'&lt;&amp;'.repeat(2000)}</p>`);
    assert.ok(bytes(r.preview_html) <= PREVIEW_BYTES);
    assert.match(r.preview_html, /^<p>(&lt;&amp;)+(&lt;)?…<\/p>$/);
  });
});
