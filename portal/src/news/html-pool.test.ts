// News HTML is worked on in worker threads: a server busy sanitising the largest descriptions full of
// links still answers at once, and a full queue is refused rather than grown.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, crowd, type Any } from '../testing.ts';
import { BUSY, NewsHtml, newsHtmlOf } from './html-pool.ts';
import { MAX_DESCRIPTION, MAX_STORED_DESCRIPTION } from './sanitize.ts';

const LINK = '<a href="http://a.ru/" rel="noopener nofollow ugc" target="_blank">a.ru</a>';
/** As many links as a stored description may hold, in 100,000 characters (words fill the rest). */
const LINKS = Math.floor((MAX_STORED_DESCRIPTION - MAX_DESCRIPTION) / (LINK.length - 'a.ru'.length));
const filler = 'матч '.repeat((MAX_DESCRIPTION - LINKS * 5) / 5);
const worst = 'a.ru '.repeat(LINKS) + filler;
/** Every word a link: the most work a description makes, refused only once done (too long stored). */
const heaviest = 'a.ru '.repeat(MAX_DESCRIPTION / 5);

let ts: TestServer;

/** create_news over HTTP with no client timeout: the calls wait their turn in the pool's queue. */
async function create(s: Session, description: string): Promise<{ status: number; body: Any }> {
  const res = await fetch(`${ts.url}/v2/rpc/create_news`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${s.token}` },
    body: JSON.stringify(JSON.stringify({ name: 'Новость ссылок', description })),
  });
  const body = (await res.json()) as Any;
  return { status: res.status, body: res.ok ? JSON.parse(body.payload) : body };
}

let closed = false;
const data = tempDir('tribuna-news-pool-');
before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
});
after(async () => {
  if (!closed) await ts.close();
  data.remove();
});

describe('the news HTML pool', () => {
  it('keeps the server answering while 8 descriptions of 100,000 characters of links are sanitised', async () => {
    assert.equal(worst.length, MAX_DESCRIPTION);
    // One burst: 8 writers at once, and a health check every 5 ms, each timed from when it was due (a
    // blocked event loop delays the timer as much as the answer: this process is the server too).
    const burst = async (description: string) => {
      const writers = await crowd(ts, 8);
      let inFlight = true;
      const done = Promise.all(writers.map((s) => create(s, description))).finally(() => (inFlight = false));
      const waits: number[] = [];
      while (inFlight) {
        const due = performance.now() + 5;
        await new Promise((resolve) => setTimeout(resolve, 5));
        const res = await fetch(`${ts.url}/healthcheck`);
        assert.equal(res.status, 200);
        await res.arrayBuffer();
        waits.push(performance.now() - due);
      }
      for (const { status, body } of await done) assert.equal(status, 200, JSON.stringify(body));
      return { longest: Math.max(...waits), checks: waits.length };
    };
    // Sanitising on the event loop stalls every burst for over a second. A busy shared machine stalls a
    // process now and then for its own reasons: the best of up to three bursts must answer within 200 ms,
    // or within 100 ms of what the same server shows for 8 writers of a plain text (its own floor now).
    const runs: number[] = [];
    let floor = Infinity;
    for (let i = 0; i < 3; i++) {
      const { longest, checks } = await burst(worst);
      assert.ok(checks >= 5, `${checks} health checks while sanitising`);
      runs.push(longest);
      if (longest < 200) break;
      floor = Math.min(floor, (await burst('<p>Короткая новость без ссылок.</p>')).longest);
      if (longest < floor + 100) break;
    }
    const best = Math.min(...runs);
    assert.ok(best < 200 || best < floor + 100, `the longest health check of each burst: ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms (plain text: ${floor.toFixed(0)} ms)`);
    // What the writers stored: every address a link.
    const [mine] = (await ts.app.nk.db.query<{ description: string }>(
      "SELECT description FROM news WHERE description LIKE '<a href=\"http://a.ru/\"%' ORDER BY create_time DESC LIMIT 1",
    ));
    assert.ok(mine.description.startsWith(`${LINK} ${LINK} `));
    assert.equal(mine.description.split(LINK).length - 1, LINKS);
    assert.ok(mine.description.length <= MAX_STORED_DESCRIPTION);
  });

  it('refuses, once worked on, a description whose links make it too long to store', async () => {
    assert.equal(heaviest.length, MAX_DESCRIPTION);
    const [writer] = await crowd(ts, 1);
    const r = await create(writer, heaviest);
    assert.deepEqual([r.status, r.body.message], [400, `Описание: слишком много ссылок и видео: с ними текст длиннее ${MAX_STORED_DESCRIPTION} символов.`]);
  });

  it('refuses a description past its queue as Unavailable, and ends its threads when closed', async () => {
    const html = new NewsHtml(1, 1);
    const first = html.prepare('<p>a.ru</p>');
    const second = html.prepare('<p>b.ru</p>');
    await assert.rejects(html.prepare('<p>c.ru</p>'), (e: Any) => e.code === Code.Unavailable && e.message === BUSY);
    assert.match((await first).description, /href="http:\/\/a\.ru\/"/);
    assert.match((await second).description, /href="http:\/\/b\.ru\/"/);
    assert.equal((await html.prepare('')).description, '', 'nothing to do for an empty one');
    await html.close();
    assert.equal(html.threads, 0);
    // The server's own pool stops with it.
    const pool = newsHtmlOf(ts.app.nk);
    assert.ok(pool.threads > 0, 'the threads the test above started');
    closed = true;
    await ts.close();
    assert.equal(pool.threads, 0);
  });
});
