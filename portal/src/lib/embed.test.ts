import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, Code } from '@tribuna/server';
import { embedUrl, NO_VIDEO, NOT_ALLOWED } from './embed.ts';

const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
const VK = 'https://vk.com/video_ext.php?oid=-22822305&id=456241864';
const RT = 'https://rutube.ru/play/embed/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09';

function refused(input: string, message: string = NOT_ALLOWED) {
  assert.throws(
    () => embedUrl(input),
    (e: unknown) => e instanceof AppError && e.code === Code.InvalidArgument && e.message === message,
    input,
  );
}

describe('embedUrl', () => {
  it('turns every YouTube link form into its embed form', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1',
      'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc&t=10',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ/',
      'https://WWW.YouTube.COM/watch?v=dQw4w9WgXcQ',
      '  youtu.be/dQw4w9WgXcQ  ',
      'www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:443/watch?v=dQw4w9WgXcQ',
    ]) {
      assert.equal(embedUrl(link), YT, link);
    }
    assert.equal(embedUrl('https://youtu.be/a-b_C1d2E3f'), 'https://www.youtube.com/embed/a-b_C1d2E3f');
  });

  it('turns VK Video links into the video_ext.php player, keeping a hash', () => {
    for (const link of [
      'https://vk.com/video-22822305_456241864',
      'https://vk.com/video-22822305_456241864/',
      'https://m.vk.com/video-22822305_456241864?list=abc',
      'https://www.vk.com/video-22822305_456241864',
      'https://vkvideo.ru/video-22822305_456241864',
      'http://vkvideo.ru/video-22822305_456241864',
      'https://vk.com/video_ext.php?oid=-22822305&id=456241864',
      'https://vk.com/video_ext.php?id=456241864&oid=-22822305&autoplay=1',
      'vk.com/video-22822305_456241864',
    ]) {
      assert.equal(embedUrl(link), VK, link);
    }
    assert.equal(embedUrl('https://vk.com/video12345_67890'), 'https://vk.com/video_ext.php?oid=12345&id=67890');
    assert.equal(
      embedUrl('https://vk.com/video_ext.php?oid=-1&id=2&hash=A1B2c3d4e5f60718'),
      'https://vk.com/video_ext.php?oid=-1&id=2&hash=a1b2c3d4e5f60718',
    );
  });

  it('turns Rutube links into the play/embed player', () => {
    for (const link of [
      'https://rutube.ru/video/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09/',
      'https://rutube.ru/video/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09',
      'https://rutube.ru/video/4C3B2F8A9E1D4C7B8A6F5E4D3C2B1A09/?r=wd',
      'https://www.rutube.ru/video/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09/',
      'http://rutube.ru/play/embed/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09',
      'https://rutube.ru/play/embed/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09/',
    ]) {
      assert.equal(embedUrl(link), RT, link);
    }
  });

  it('refuses hosts that only look like the allowed ones', () => {
    for (const link of [
      'https://youtube.com.evil.ru/watch?v=dQw4w9WgXcQ',
      'https://evil-youtube.com/watch?v=dQw4w9WgXcQ',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.co/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com./watch?v=dQw4w9WgXcQ',
      'https://youtu.be.evil.ru/dQw4w9WgXcQ',
      'https://vk.com.evil.ru/video-1_2',
      'https://fakevk.com/video-1_2',
      'https://vk.co/video-1_2',
      'https://vkvideo.ru.evil.ru/video-1_2',
      'https://rutube.ru.evil.ru/video/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09/',
      'https://evil.ru/rutube.ru/video/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09/',
      'https://evil.ru/?u=https://youtu.be/dQw4w9WgXcQ',
      // Cyrillic "о" in the host: a homograph, punycoded by the parser.
      'https://yоutube.com/watch?v=dQw4w9WgXcQ',
      // The real host here is evil.ru; youtube.com is a user name.
      'https://youtube.com@evil.ru/watch?v=dQw4w9WgXcQ',
      'https://evil.ru\\@youtube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      refused(link);
    }
  });

  it('refuses other schemes, credentials, ports and what is no link', () => {
    for (const link of [
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'data:text/html,<script>alert(1)</script>',
      'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
      'file:///etc/passwd',
      'https://user:pass@youtube.com/watch?v=dQw4w9WgXcQ',
      'https://user@youtu.be/dQw4w9WgXcQ',
      'https://youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'http://youtube.com:443/watch?v=dQw4w9WgXcQ',
      '',
      '   ',
      'просто текст',
      'https://',
      'https://127.0.0.1/watch?v=dQw4w9WgXcQ',
    ]) {
      refused(link);
    }
  });

  it('refuses allowed hosts without a video in the link', () => {
    for (const link of [
      'https://www.youtube.com/',
      'https://www.youtube.com/watch',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ1',
      'https://www.youtube.com/watch?v=dQw4w9WgX%22Q',
      'https://www.youtube.com/embed/dQw4w9WgXcQ/extra',
      'https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA',
      'https://www.youtube.com/playlist?list=PL1',
      'https://youtu.be/',
      'https://youtu.be/dQw4w9WgXcQ/more',
      'https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ',
      'https://vk.com/id1',
      'https://vk.com/video',
      'https://vk.com/video-1_',
      'https://vk.com/video-01_2',
      'https://vk.com/video-1_2_3',
      'https://vk.com/video_ext.php?oid=-1',
      'https://vk.com/video_ext.php?oid=abc&id=2',
      'https://vk.com/video_ext.php?oid=-1&id=2&hash=<script>',
      'https://vk.com/video_ext.php/video-1_2',
      'https://rutube.ru/',
      'https://rutube.ru/video/123/',
      'https://rutube.ru/video/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a0z/',
      'https://rutube.ru/channel/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09/',
      'https://rutube.ru/play/embed/',
      // A backslash is a slash to URL parsers (as to browsers): this is a path on www.youtube.com.
      'https://www.youtube.com\\@evil.ru/watch?v=dQw4w9WgXcQ',
    ]) {
      refused(link, NO_VIDEO);
    }
  });

  it('names the allowed hosts in Russian, and refuses overlong input', () => {
    for (const host of ['YouTube', 'youtube.com', 'youtu.be', 'VK Видео', 'vk.com', 'vkvideo.ru', 'Rutube', 'rutube.ru']) {
      assert.ok(NOT_ALLOWED.includes(host), host);
      assert.ok(NO_VIDEO.includes(host), host);
    }
    assert.match(NOT_ALLOWED, /^embed_url: принимаются только ссылки/);
    refused(`https://youtu.be/dQw4w9WgXcQ?x=${'a'.repeat(2000)}`, 'embed_url: не длиннее 2000 символов.');
  });
});
