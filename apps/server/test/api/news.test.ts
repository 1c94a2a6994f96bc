import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/** A fixed market clock: the market desk writes its notes for the sessions before this instant. */
const NOW = Date.parse('2026-11-20T10:00:00Z');

async function list(ctx: TestContext, token: string, query = '') {
  const res = await ctx.request({ method: 'GET', url: `/api/news${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describeEachDb(
  'news',
  (ctx) => {
    it('lists the archive and the market desk newest first, with pages, counts and sources', async () => {
      const user = await signUp(ctx());
      const first = await list(ctx(), user.token);
      expect(first.data).toHaveLength(20);
      expect(first.pagination).toMatchObject({ page: 1, limit: 20 });
      const total = first.pagination.total as number;
      expect(total).toBeGreaterThan(200);
      expect(first.counts.all).toBe(total);
      const dates = first.data.map((a: { publishedAt: string }) => a.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      // The newest are the market desk's notes for the last finished sessions.
      expect(first.data[0]).toMatchObject({
        origin: 'desk',
        source: 'Nivesh market desk · simulated market',
        url: null,
      });
      expect(first.sources).toEqual(
        expect.arrayContaining([
          'The Times of India',
          'BusinessLine',
          'Nivesh market desk · simulated market',
        ]),
      );

      const second = await list(ctx(), user.token, '?page=2&limit=20');
      const ids = new Set(first.data.map((a: { id: string }) => a.id));
      expect(second.data.some((a: { id: string }) => ids.has(a.id))).toBe(false);
      const big = await list(ctx(), user.token, '?limit=50');
      expect(big.data).toHaveLength(50);
      const last = await list(ctx(), user.token, `?page=${Math.ceil(total / 50)}&limit=50`);
      expect(last.data.length).toBe(total - 50 * (Math.ceil(total / 50) - 1));
    });

    it('filters by category, tone, source, stock and IST dates, and the counts follow the other filters', async () => {
      const user = await signUp(ctx());
      const earnings = await list(ctx(), user.token, '?category=earnings&limit=50');
      expect(earnings.data.length).toBeGreaterThan(5);
      expect(earnings.data.every((a: { category: string }) => a.category === 'earnings')).toBe(true);
      expect(earnings.pagination.total).toBe(earnings.counts.earnings);

      const negative = await list(
        ctx(),
        user.token,
        '?tone=negative&source=The%20Times%20of%20India&limit=50',
      );
      expect(negative.data.length).toBeGreaterThan(0);
      expect(
        negative.data.every(
          (a: { tone: string; source: string }) => a.tone === 'negative' && a.source === 'The Times of India',
        ),
      ).toBe(true);

      const infy = await list(ctx(), user.token, '?symbol=infy.ns&limit=50');
      expect(infy.data.length).toBeGreaterThan(10);
      expect(infy.data.every((a: { symbols: string[] }) => a.symbols.includes('INFY'))).toBe(true);

      const day = await list(ctx(), user.token, '?from=2026-07-21&to=2026-07-21&limit=50');
      expect(day.pagination.total).toBeGreaterThan(0);
      for (const a of day.data as { publishedAt: string }[]) {
        const ist = new Date(Date.parse(a.publishedAt) + 5.5 * 3600_000).toISOString().slice(0, 10);
        expect(ist).toBe('2026-07-21');
      }
    });

    it('searches title, summary and tags with prefixes and typos, case-insensitively', async () => {
      const user = await signUp(ctx());
      const exact = await ctx().request({
        method: 'GET',
        url: '/api/news/search?q=infosys&limit=6',
        token: user.token,
      });
      expect(exact.statusCode).toBe(200);
      const hits = exact.json().data as { title: string; summary: string; symbols: string[] }[];
      expect(hits).toHaveLength(6);
      expect(hits.every((a) => /infosys/i.test(a.title + a.summary) || a.symbols.includes('INFY'))).toBe(
        true,
      );
      const typo = (
        await ctx().request({ method: 'GET', url: '/api/news/search?q=INFOSIS', token: user.token })
      ).json().data;
      expect(typo.length).toBeGreaterThan(0);
      expect(typo[0].title).toMatch(/infosys/i);
      const prefix = (
        await ctx().request({ method: 'GET', url: '/api/news/search?q=sens', token: user.token })
      ).json().data;
      expect(prefix[0].title + prefix[0].summary).toMatch(/sensex/i);
      const inList = await list(ctx(), user.token, '?search=hdfc%20bank&limit=50');
      expect(inList.pagination.total).toBeGreaterThan(5);
      expect(
        inList.data.every(
          (a: { title: string; summary: string; symbols: string[] }) =>
            /hdfc/i.test(a.title + a.summary) || a.symbols.includes('HDFCBANK'),
        ),
      ).toBe(true);
      const none = await list(ctx(), user.token, '?q=zzqxv');
      expect(none).toMatchObject({ data: [], pagination: { total: 0 } });
    });

    it('serves the market list, a stock’s news and one article, with a 404 for an unknown one', async () => {
      const user = await signUp(ctx());
      const market = (
        await ctx().request({ method: 'GET', url: '/api/news/market?limit=5', token: user.token })
      ).json();
      expect(market.data).toHaveLength(5);
      expect(market.data.every((a: { category: string }) => a.category === 'market')).toBe(true);

      const reliance = await ctx().request({
        method: 'GET',
        url: '/api/news/stock/RELIANCE?limit=10',
        token: user.token,
      });
      expect(reliance.statusCode).toBe(200);
      expect(reliance.json().data.every((a: { symbols: string[] }) => a.symbols.includes('RELIANCE'))).toBe(
        true,
      );
      expect(
        (await ctx().request({ method: 'GET', url: '/api/news/stock/NOSUCHSTOCK', token: user.token }))
          .statusCode,
      ).toBe(404);
      expect(
        (await ctx().request({ method: 'GET', url: '/api/news/stock/%3Cscript%3E', token: user.token }))
          .statusCode,
      ).toBe(400);

      const id = market.data[0].id as string;
      const one = await ctx().request({ method: 'GET', url: `/api/news/${id}`, token: user.token });
      expect(one.json().data).toMatchObject({ id, views: 1 });
      for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await ctx().request({ method: 'GET', url: `/api/news/${bad}`, token: user.token });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Article not found');
      }
    });

    it('rejects bad input with 400 and asks for a session', async () => {
      const user = await signUp(ctx());
      for (const q of [
        '?limit=51',
        '?limit=0',
        '?page=0',
        '?category=sports',
        '?tone=happy',
        '?from=2026-13-40',
        '?q=%00',
        '?source=a%00b',
      ]) {
        const res = await ctx().request({ method: 'GET', url: `/api/news${q}`, token: user.token });
        expect(res.statusCode, q).toBe(400);
      }
      expect(
        (await ctx().request({ method: 'GET', url: '/api/news/search', token: user.token })).statusCode,
      ).toBe(400);
      expect((await ctx().request({ method: 'GET', url: '/api/news' })).statusCode).toBe(401);
    });

    it('bookmarks per user: toggle, list, counts, and another user sees none of it', async () => {
      const a = await signUp(ctx());
      const b = await signUp(ctx());
      const [first, second] = (await list(ctx(), a.token, '?category=earnings&limit=2')).data as {
        id: string;
      }[];
      const on = await ctx().request({
        method: 'POST',
        url: `/api/news/${first!.id}/bookmark`,
        token: a.token,
      });
      expect(on.json()).toEqual({
        success: true,
        message: 'Article bookmarked',
        data: { id: first!.id, isBookmarked: true },
      });
      await ctx().request({ method: 'POST', url: `/api/news/${second!.id}/bookmark`, token: a.token });
      const mine = (await ctx().request({ method: 'GET', url: '/api/news/bookmarks', token: a.token })).json()
        .data;
      expect(mine.map((x: { id: string }) => x.id)).toEqual([second!.id, first!.id]);
      expect(mine[0]).toMatchObject({ isBookmarked: true, bookmarks: 1 });

      expect(
        (await ctx().request({ method: 'GET', url: '/api/news/bookmarks', token: b.token })).json().data,
      ).toEqual([]);
      const seenByB = (
        await ctx().request({ method: 'GET', url: `/api/news/${first!.id}`, token: b.token })
      ).json().data;
      expect(seenByB).toMatchObject({ isBookmarked: false, bookmarks: 1 });

      const off = await ctx().request({
        method: 'POST',
        url: `/api/news/${first!.id}/bookmark`,
        token: a.token,
      });
      expect(off.json().data.isBookmarked).toBe(false);
      const missing = await ctx().request({
        method: 'POST',
        url: '/api/news/00000000-0000-4000-8000-000000000000/bookmark',
        token: a.token,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Article not found');
    });

    it('trends by real reads and bookmarks this week', async () => {
      const [a, b, c] = [await signUp(ctx()), await signUp(ctx()), await signUp(ctx())];
      const [x, y] = (await list(ctx(), a.token, '?category=policy&limit=2')).data as { id: string }[];
      for (const u of [a, b, c])
        await ctx().request({ method: 'GET', url: `/api/news/${y!.id}`, token: u.token });
      await ctx().request({ method: 'GET', url: `/api/news/${x!.id}`, token: a.token });
      await ctx().request({ method: 'POST', url: `/api/news/${x!.id}/bookmark`, token: b.token });
      const trending = (
        await ctx().request({ method: 'GET', url: '/api/news/trending', token: a.token })
      ).json().data;
      expect(trending.mostRead[0]).toMatchObject({ id: y!.id, views: 3 });
      expect(trending.mostBookmarked.map((t: { id: string }) => t.id)).toContain(x!.id);
    });

    it('stores each archive row and desk note once, however many requests raced to import them', async () => {
      const user = await signUp(ctx());
      await Promise.all([list(ctx(), user.token), list(ctx(), user.token, '?category=market')]);
      const before = await ctx().rows<{ n: number }>(sql`select count(*)::int as n from news_articles`);
      const dupes = await ctx().rows<{ n: number }>(
        sql`select count(*)::int as n from (select dedupe_key from news_articles group by dedupe_key having count(*) > 1) d`,
      );
      expect(Number(dupes[0]!.n)).toBe(0);
      expect(Number(before[0]!.n)).toBeGreaterThan(200);
    });
  },
  { now: () => NOW },
);
