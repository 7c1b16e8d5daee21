// The plain text and first picture of a description, as lists and link previews show them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstImage, plainText } from './preview.ts';
import { sanitizeDescription } from './sanitize.ts';
import type { NewsMedia } from './store.ts';

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
    assert.equal(firstImage(html, [medium('v', 'video'), medium('a', 'image'), medium('b', 'image')]), '/uploads/file-a');
    assert.equal(firstImage(html, [medium('v', 'video')]), 'https://cdn.example/a.png');
    assert.equal(firstImage('<p>Текст</p>', []), undefined);
  });
});
