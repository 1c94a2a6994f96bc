import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/** RSS with CDATA, media:content, dc:creator and an IST pubDate, as Indian publishers write them. */
const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>ET Markets (test)</title><link>https://example.test/</link>
<item>
  <title><![CDATA[Reliance Industries shares jump 5% after Jio tariff hike]]></title>
  <link>https://example.test/markets/reliance-jio</link>
  <guid isPermaLink="false">et-1001</guid>
  <description><![CDATA[<p>Shares of <b>RIL</b> rose &amp; closed higher on Monday.</p><img src="x.jpg">]]></description>
  <pubDate>Mon, 23 Nov 2026 15:30:00 +0530</pubDate>
  <dc:creator>Asha Rao</dc:creator>
  <media:content url="https://img.example.test/ril.jpg" medium="image" width="600"/>
</item>
<item>
  <title>Sensex falls 715 points as crude surges</title>
  <link>https://example.test/markets/sensex-falls</link>
  <guid>et-1002</guid>
  <description>${'Long text. '.repeat(60)}</description>
  <pubDate>Mon, 23 Nov 2026 16:05:00 +0530</pubDate>
</item>
</channel></rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Exchange notices (test)</title><id>urn:test</id><updated>2026-11-23T10:00:00Z</updated>
<entry><title>Infosys announces buyback record date</title><id>urn:notice:7</id>
<link rel="alternate" href="https://example.test/notices/7"/><updated>2026-11-23T10:00:00Z</updated>
<author><name>NSE</name></author><summary>Infosys Ltd has informed the exchange about its buyback.</summary></entry>
<entry><title>Same Reliance story again</title><id>et-1001</id><link href="https://example.test/markets/reliance-jio"/><updated>2026-11-23T10:00:00Z</updated></entry>
</feed>`;

/** 50 MB of zeros in about 50 KB of gzip. */
const BOMB = gzipSync(Buffer.concat([Buffer.from('<rss><channel><title>'), Buffer.alloc(50 << 20, 0x20)]));

const MB = 'x'.repeat(1 << 20);
/** One feed's worth of abuse: megabyte fields, a date in 2099, 300 stories about one stock. */
const HOSTILE = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${MB}</title><link>https://example.test/</link>
<item>
  <title>Reliance Industries to stay on top for ever</title>
  <link>https://example.test/forever</link>
  <guid>hostile-0</guid>
  <pubDate>Fri, 01 Jan 2099 00:00:00 +0000</pubDate>
  <dc:creator>${MB}</dc:creator>
  <media:content url="https://img.example.test/${MB}.jpg" medium="image"/>
</item>
${Array.from(
  { length: 300 },
  (_, i) => `<item><title>Reliance Industries update number ${i + 1}</title>
  <link>https://example.test/ril/${i + 1}</link><guid>hostile-${i + 1}</guid>
  <pubDate>Mon, 23 Nov 2026 10:00:00 +0000</pubDate></item>`,
).join('\n')}
</channel></rss>`;

const hanging: ServerResponse[] = [];
const server = createServer((req, res) => {
  if (req.url === '/rss.xml') return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
  if (req.url === '/atom.xml')
    return res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(ATOM);
  if (req.url === '/broken.xml')
    return res
      .writeHead(200, { 'content-type': 'application/xml' })
      .end('<rss><channel><item><title>oops</ite');
  if (req.url === '/hang.xml') return void hanging.push(res); // never answers
  // Hostile feeds: each must be refused or cut down without harm.
  if (req.url === '/to-private.xml')
    return res.writeHead(302, { location: `http://localhost:${port()}/rss.xml` }).end();
  if (req.url === '/huge.xml') {
    // 50 MB declared by no header: only counting the bytes as they come can stop it.
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.write('<rss><channel><title>x</title>');
    const chunk = `<item><title>${'a'.repeat(1 << 16)}</title></item>`;
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) if (res.writableLength > 50 << 20) return res.end();
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('error', () => undefined);
    return pump();
  }
  if (req.url === '/bomb.xml')
    return res.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' }).end(BOMB);
  if (req.url === '/hostile.xml')
    return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(HOSTILE);
  res.writeHead(404).end('not found');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
function port() {
  return (server.address() as AddressInfo).port;
}
const base = `http://127.0.0.1:${port()}`;
const FEEDS = ['rss.xml', 'atom.xml', 'broken.xml', 'missing.xml', 'hang.xml'].map((f) => `${base}/${f}`);
const HOSTILE_FEEDS = ['to-private.xml', 'huge.xml', 'bomb.xml', 'hostile.xml'].map((f) => `${base}/${f}`);
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** Puts RELIANCE on the user's default watchlist, so news about it reaches them. */
async function watchReliance(ctx: TestContext, token: string) {
  const lists = (await ctx.request({ method: 'GET', url: '/api/watchlist', token })).json().data;
  const added = await ctx.request({
    method: 'POST',
    url: '/api/watchlist/add',
    token,
    payload: { symbol: 'RELIANCE', watchlistId: lists[0].id },
  });
  expect(added.statusCode).toBe(200);
}

async function feedItems(ctx: TestContext) {
  return ctx.rows<{
    title: string;
    summary: string;
    url: string;
    image_url: string | null;
    author: string | null;
    published_at: string | Date;
    symbols: string[];
    tone: string;
    source: string;
  }>(
    sql`select title, summary, url, image_url, author, published_at, symbols, tone, source from news_articles where origin = 'feed' order by published_at`,
  );
}

describeEachDb(
  'news feeds',
  (ctx) => {
    it('polls RSS and Atom on loopback, keeps only what it may, and carries on past broken, missing and silent feeds', async () => {
      const watcher = await signUp(ctx());
      const quiet = await signUp(ctx());
      await watchReliance(ctx(), watcher.token);
      await watchReliance(ctx(), quiet.token);
      await ctx().request({
        method: 'PUT',
        url: '/api/user/settings',
        token: quiet.token,
        payload: { notificationSettings: { newsAlerts: false } },
      });

      const started = Date.now();
      const results = await ctx().app.newsPoller.runOnce();
      expect(Date.now() - started).toBeLessThan(15_000);
      const byFeed = Object.fromEntries(results.map((r) => [r.url.split('/').pop(), r]));
      expect(byFeed['rss.xml']).toMatchObject({ ok: true, inserted: 2 });
      // The Atom feed's second entry is the RSS item again (same guid): stored once.
      expect(byFeed['atom.xml'], JSON.stringify(byFeed['atom.xml'])).toMatchObject({ ok: true, inserted: 1 });
      expect(byFeed['broken.xml']?.ok).toBe(false);
      expect(byFeed['missing.xml']).toMatchObject({ ok: false, error: 'HTTP 404' });
      expect(byFeed['hang.xml']).toMatchObject({ ok: false, error: 'timed out' });

      const items = await feedItems(ctx());
      expect(items).toHaveLength(3);
      const ril = items.find((i) => i.url === 'https://example.test/markets/reliance-jio')!;
      expect(ril).toMatchObject({
        title: 'Reliance Industries shares jump 5% after Jio tariff hike',
        summary: 'Shares of RIL rose & closed higher on Monday.',
        image_url: 'https://img.example.test/ril.jpg',
        author: 'Asha Rao',
        source: 'ET Markets (test)',
        tone: 'positive',
      });
      expect(ril.symbols).toContain('RELIANCE');
      // 15:30 IST is 10:00 UTC.
      expect(new Date(ril.published_at).toISOString()).toBe('2026-11-23T10:00:00.000Z');
      const sensex = items.find((i) => i.url.endsWith('sensex-falls'))!;
      expect(sensex.tone).toBe('negative');
      expect(sensex.summary.length).toBeLessThanOrEqual(300);
      expect(items.find((i) => i.url.endsWith('/notices/7'))).toMatchObject({
        author: 'NSE',
        symbols: ['INFY'],
      });

      // The article shows in the API with its link out.
      const listed = (
        await ctx().request({ method: 'GET', url: '/api/news?origin=feed', token: watcher.token })
      ).json().data;
      expect(listed.map((a: { url: string }) => a.url)).toContain(
        'https://example.test/markets/reliance-jio',
      );

      // A watcher with News Alerts on is told; one with it off is not.
      const notes = (
        await ctx().request({ method: 'GET', url: '/api/notifications', token: watcher.token })
      ).json().data;
      expect(notes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ title: 'News about RELIANCE', message: ril.title }),
        ]),
      );
      const none = (
        await ctx().request({ method: 'GET', url: '/api/notifications', token: quiet.token })
      ).json().data;
      expect(none.some((n: { title: string }) => n.title.startsWith('News about'))).toBe(false);
    });

    it('backs off failing feeds and stores nothing twice on the next round', async () => {
      const results = await ctx().app.newsPoller.runOnce();
      const byFeed = Object.fromEntries(results.map((r) => [r.url.split('/').pop(), r]));
      // Good feeds were polled a moment ago and are not due; failing ones wait interval × 2^failures.
      for (const name of ['rss.xml', 'atom.xml', 'missing.xml', 'hang.xml'])
        expect(byFeed[name]?.skipped, name).toBe(true);
      const state = await ctx().rows<{
        url: string;
        failures: number;
        next_attempt_at: string | Date;
        last_error: string | null;
      }>(sql`select url, failures, next_attempt_at, last_error from news_feed_state order by url`);
      const hang = state.find((s) => s.url.endsWith('hang.xml'))!;
      expect(hang).toMatchObject({ failures: 1, last_error: 'timed out' });
      expect(new Date(hang.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(60 * 60_000);
      expect(await feedItems(ctx())).toHaveLength(3);
    });
  },
  // The test feeds are on loopback, which only a host named here may use.
  { config: { news: { feeds: FEEDS, pollMinutes: 60, timeoutMs: 4000, allowHosts: [new URL(base).host] } } },
);

describeEachDb(
  'news feeds from a hostile publisher',
  (ctx) => {
    it('refuses private redirects and oversized or bomb bodies, bounds fields and dates, and tells a follower once', async () => {
      const watcher = await signUp(ctx());
      await watchReliance(ctx(), watcher.token);
      const before = process.memoryUsage().rss;
      const results = await ctx().app.newsPoller.runOnce();
      const byFeed = Object.fromEntries(results.map((r) => [r.url.split('/').pop(), r]));
      // localhost is the same machine as the allowed 127.0.0.1, but only that exact host was allowed.
      expect(byFeed['to-private.xml']).toMatchObject({ ok: false, error: 'refused: private address' });
      expect(byFeed['huge.xml']).toMatchObject({ ok: false, error: 'feed too large' });
      expect(byFeed['bomb.xml']).toMatchObject({ ok: false, error: 'feed too large' });
      expect(byFeed['hostile.xml']).toMatchObject({ ok: true });
      // Neither the 50 MB body nor the 50 MB bomb was held in memory (a generous bound: GC is lazy).
      expect(process.memoryUsage().rss - before).toBeLessThan(40 << 20);

      const stored = await ctx().rows<{
        source: string;
        author: string | null;
        image_url: string | null;
        published_at: string | Date;
      }>(sql`select source, author, image_url, published_at from news_articles where origin = 'feed'`);
      expect(stored.length).toBeGreaterThan(0);
      for (const row of stored) {
        expect(row.source.length).toBeLessThanOrEqual(100);
        expect((row.author ?? '').length).toBeLessThanOrEqual(100);
        expect((row.image_url ?? '').length).toBeLessThanOrEqual(1000);
        expect(new Date(row.published_at).getTime()).toBeLessThanOrEqual(Date.now());
      }

      const notes = (
        await ctx().request({ method: 'GET', url: '/api/notifications?limit=100', token: watcher.token })
      ).json().data as { title: string }[];
      expect(notes.filter((n) => n.title.startsWith('News about')).map((n) => n.title)).toEqual([
        'News about RELIANCE',
      ]);
    });
  },
  {
    config: {
      news: { feeds: HOSTILE_FEEDS, pollMinutes: 60, timeoutMs: 8000, allowHosts: [new URL(base).host] },
    },
  },
);
