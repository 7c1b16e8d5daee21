// What a stored description keeps of the editor's HTML, and the links and players it gains.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sanitizeDescription as clean } from './sanitize.ts';

const A = 'rel="noopener nofollow ugc" target="_blank"';
const player = (src: string) =>
  `<iframe src="${src}" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox" ` +
  'allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" ' +
  'referrerpolicy="strict-origin-when-cross-origin" loading="lazy" allowfullscreen></iframe>';
const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';

describe('sanitizeDescription', () => {
  it('keeps the editor\'s markup and drops every other tag, keeping its text', () => {
    const editor =
      '<p><b>Жирный</b>, <i>курсив</i>, <em>em</em>, <strong>strong</strong>, <u>u</u>, <s>s</s>, <code>code</code><br></p>' +
      '<ul><li>один</li></ul><ol><li>два</li></ol><blockquote><p>цитата</p></blockquote>' +
      '<pre><code class="language-typescript">const a = 1 &lt; 2;</code></pre>';
    assert.equal(clean(editor), editor.replace('<br>', '<br />'));
    assert.equal(clean('<h1>Заголовок</h1><div><span style="color:red" class="x">текст</span></div><table><tr><td>ячейка</td></tr></table>'), 'Заголовоктекстячейка');
    assert.equal(clean('<p class="lead" id="p" data-x="1" title="t">абзац</p>'), '<p>абзац</p>');
    assert.equal(clean('<code class="hljs language-js">x</code>'), '<code class="language-js">x</code>');
    assert.equal(clean('  <p>с пробелами</p>\n'), '<p>с пробелами</p>');
    assert.equal(clean(''), '');
  });

  it('keeps links with http, https and mailto only, opened apart and marked as user content', () => {
    assert.equal(clean('<a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener" title="t">ссылка</a>'), `<a href="https://example.com/a?b=1&amp;c=2" ${A}>ссылка</a>`);
    assert.equal(clean('<a href="HTTP://Example.COM">x</a>'), `<a href="http://example.com/" ${A}>x</a>`);
    assert.equal(clean('<a href="mailto:info@example.com">почта</a>'), `<a href="mailto:info@example.com" ${A}>почта</a>`);
    for (const href of ['/news/1', '//example.com/', 'ftp://example.com/', 'tel:+70000000000', 'javascript:alert(1)', '', 'not a url']) {
      assert.equal(clean(`<a href="${href}">текст</a>`), 'текст', href);
    }
    assert.equal(clean('<a name="x">якорь</a>'), 'якорь');
  });

  it('makes plain addresses in text links, but not inside links or code', () => {
    assert.equal(
      clean('<p>Сайт https://example.com/путь?q=1, www.example.ru и info@example.ru.</p>'),
      `<p>Сайт <a href="https://example.com/%D0%BF%D1%83%D1%82%D1%8C?q=1" ${A}>https://example.com/путь?q=1</a>, ` +
        `<a href="http://www.example.ru/" ${A}>www.example.ru</a> и <a href="mailto:info@example.ru" ${A}>info@example.ru</a>.</p>`,
    );
    assert.equal(clean('https://example.com'), `<a href="https://example.com/" ${A}>https://example.com</a>`);
    assert.equal(clean('<a href="https://a.example/">см. https://b.example/</a>'), `<a href="https://a.example/" ${A}>см. https://b.example/</a>`);
    assert.equal(clean('<p><code>https://example.com</code></p><pre><code>www.example.ru</code></pre>'), '<p><code>https://example.com</code></p><pre><code>www.example.ru</code></pre>');
    assert.equal(clean('<p>ftp://example.com и //example.com, версия 1.2.3, файл.txt</p>'), '<p>ftp://example.com и //example.com, версия 1.2.3, файл.txt</p>');
  });

  it('keeps images of ours and of https only', () => {
    const id = '0194f2a6-3c1e-7b2a-9f00-123456789abc';
    assert.equal(clean(`<img src="/uploads/${id}" alt="Фото" title="t" width="10">`), `<img src="/uploads/${id}" alt="Фото" />`);
    assert.equal(clean(`<img src="/uploads/${id.toUpperCase()}">`), `<img src="/uploads/${id}" />`);
    assert.equal(clean('<img src="https://example.com/a.png" alt="">'), '<img src="https://example.com/a.png" alt="" />');
    for (const src of ['http://example.com/a.png', '/uploads/x', '/etc/passwd', '//example.com/a.png', 'https://u:p@example.com/a.png', 'data:image/png;base64,AA']) {
      assert.equal(clean(`<p>до<img src="${src}">после</p>`), '<p>допосле</p>', src);
    }
  });

  it('keeps frames of allowed video players in their embed form, as players', () => {
    assert.equal(clean(`<iframe src="${YT}" width="560" frameborder="0"></iframe>`), player(YT));
    assert.equal(clean('<iframe src="https://youtu.be/dQw4w9WgXcQ"></iframe>'), player(YT));
    assert.equal(clean('<iframe src="https://vk.com/video_ext.php?oid=-1&amp;id=2&amp;hash=ab"></iframe>'), player('https://vk.com/video_ext.php?oid=-1&amp;id=2&amp;hash=ab'));
    for (const src of ['https://example.com/embed/x', 'https://www.youtube.com/', 'https://vimeo.com/1']) {
      assert.equal(clean(`<p>до</p><iframe src="${src}"></iframe>`), '<p>до</p>', src);
    }
  });

  it('makes a paragraph that is only a link to a video its player', () => {
    assert.equal(clean('<p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>'), player(YT));
    assert.equal(clean('<p> <a href="https://youtu.be/dQw4w9WgXcQ">Обзор матча</a><br> </p>'), player(YT));
    assert.equal(clean('<blockquote><p>https://rutube.ru/video/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09/</p></blockquote>'),
      `<blockquote>${player('https://rutube.ru/play/embed/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09')}</blockquote>`);
    // With other text, or of another host, it stays a link.
    assert.equal(clean('<p>Смотрите https://youtu.be/dQw4w9WgXcQ</p>'), `<p>Смотрите <a href="https://youtu.be/dQw4w9WgXcQ" ${A}>https://youtu.be/dQw4w9WgXcQ</a></p>`);
    assert.equal(clean('<p>https://example.com/video</p>'), `<p><a href="https://example.com/video" ${A}>https://example.com/video</a></p>`);
    assert.equal(clean('<p>https://www.youtube.com/</p>'), `<p><a href="https://www.youtube.com/" ${A}>https://www.youtube.com/</a></p>`);
  });

  it('drops the tags of markup nested deeper than 32 levels, keeping its text', () => {
    const deep = `${'<blockquote>'.repeat(5000)}глубоко${'</blockquote>'.repeat(5000)}`;
    const out = clean(deep);
    assert.equal(out.split('<blockquote>').length - 1, 32);
    assert.match(out, /глубоко/);
  });

  it('changes nothing when applied again', () => {
    for (const html of ['<p>https://example.com и <b>жирный</b> "кавычки" &amp; &lt;теги&gt;</p>', '<p>https://youtu.be/dQw4w9WgXcQ</p>', '<img src="https://example.com/a.png" alt="a &quot;b&quot;">']) {
      const once = clean(html);
      assert.equal(clean(once), once, html);
    }
  });
});

/**
 * The elements array methods walk or shift (indexOf, lastIndexOf, includes, splice) while `run` runs: how
 * a DOM edit that searches or splices its parent's children per change shows up, without a clock.
 */
function arrayWork(run: () => void): number {
  const methods = ['indexOf', 'lastIndexOf', 'includes', 'splice'] as const;
  const originals = methods.map((m) => Array.prototype[m]);
  let work = 0;
  methods.forEach((m, i) => {
    const original = originals[i] as (...args: unknown[]) => unknown;
    Object.defineProperty(Array.prototype, m, {
      configurable: true,
      writable: true,
      value: function (this: unknown[], ...args: unknown[]) {
        work += this.length;
        return original.apply(this, args);
      },
    });
  });
  try {
    run();
  } finally {
    methods.forEach((m, i) => Object.defineProperty(Array.prototype, m, { configurable: true, writable: true, value: originals[i] }));
  }
  return work;
}

describe('sanitizeDescription on many links', () => {
  const link = `<a href="http://a.ru/" ${A}>a.ru</a>`;

  it('makes 20,000 addresses 20,000 links', () => {
    const out = clean('a.ru '.repeat(20_000));
    assert.equal(out, `${link} `.repeat(20_000).trim());
  });

  it('does work in proportion to its input: twice the links, about twice the work', () => {
    const work = (n: number) => arrayWork(() => clean('a.ru '.repeat(n)));
    const once = work(5_000);
    const twice = work(10_000);
    assert.ok(twice < 2.5 * once, `${once} then ${twice}`);
    const players = (n: number) => arrayWork(() => clean('<p>https://youtu.be/dQw4w9WgXcQ</p>'.repeat(n)));
    const fewer = players(1_000);
    const more = players(2_000);
    assert.ok(more < 2.5 * fewer, `${fewer} then ${more}`);
  });
});
