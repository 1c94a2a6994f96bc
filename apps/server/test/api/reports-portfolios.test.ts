import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  capitalGainsResponseSchema,
  habitsResponseSchema,
  istDate,
  journalListResponseSchema,
  journalTagSummaryResponseSchema,
  tradeDaysResponseSchema,
  type CapitalGainsReport,
  type Portfolio,
  type Replay,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { filled, type User } from '../support/orders.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * Tax reports, habits and the journal per named portfolio (issue 25 §1): each reads the portfolio
 * it names (main when none) and the season it names (the open one when none); another user's
 * portfolio is a 404; an unfinished replay's portfolio is refused until the replay is finished.
 */

async function custom(ctx: TestContext, user: User, name: string): Promise<Portfolio> {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/portfolios',
    token: user.token,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Portfolio;
}

async function mainOf(ctx: TestContext, user: User): Promise<Portfolio> {
  const res = await ctx.request({ method: 'GET', url: '/api/portfolios', token: user.token });
  return (res.json().data as Portfolio[]).find((p) => p.kind === 'main')!;
}

const get = (ctx: TestContext, user: User, url: string) =>
  ctx.request({ method: 'GET', url, token: user.token });

async function gains(ctx: TestContext, user: User, query = ''): Promise<CapitalGainsReport> {
  const res = await get(ctx, user, `/api/reports/capital-gains${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return capitalGainsResponseSchema.parse(res.json()).data;
}

const symbolsOf = (r: CapitalGainsReport) => [...new Set(r.lots.map((l) => l.symbol))];

async function roundTrip(
  ctx: TestContext,
  user: User,
  symbol: string,
  quantity: number,
  portfolioId?: string,
) {
  const extra = portfolioId ? { portfolioId } : {};
  await filled(ctx, user, { symbol, type: 'BUY', quantity, ...extra });
  await filled(ctx, user, { symbol, type: 'SELL', quantity, ...extra });
}

describeEachDb('tax reports, habits and the journal per portfolio', (ctx) => {
  let trader: User;
  let other: User;
  let swing: Portfolio;
  let otherMain: Portfolio;
  const today = istDate(Date.now());

  beforeAll(async () => {
    trader = await signUp(ctx());
    other = await signUp(ctx());
    swing = await custom(ctx(), trader, 'Swing ideas');
    otherMain = await mainOf(ctx(), other);
    // Main: one ITC round trip (2 fills). Swing ideas: TCS twice and INFY once (6 fills).
    await roundTrip(ctx(), trader, 'ITC', 3);
    await roundTrip(ctx(), trader, 'TCS', 1, swing.id);
    await roundTrip(ctx(), trader, 'TCS', 1, swing.id);
    await roundTrip(ctx(), trader, 'INFY', 2, swing.id);
    await roundTrip(ctx(), other, 'ITC', 1);
  });

  it("capital gains (JSON, CSV, PDF) and trade days read the named portfolio's fills only", async () => {
    const main = await gains(ctx(), trader);
    expect(symbolsOf(main)).toEqual(['ITC']);
    expect(main.portfolio).toMatchObject({ name: 'Main', kind: 'main', season: 1 });
    const mine = await gains(ctx(), trader, `?portfolioId=${swing.id}`);
    expect(symbolsOf(mine).sort()).toEqual(['INFY', 'TCS']);
    expect(mine.lots.reduce((n, l) => n + l.quantity, 0)).toBe(4);
    expect(mine.portfolio).toEqual({ id: swing.id, name: 'Swing ideas', kind: 'custom', season: 1 });

    const csv = await get(ctx(), trader, `/api/reports/capital-gains.csv?portfolioId=${swing.id}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      `capital-gains-${main.financialYear}-swing-ideas.csv`,
    );
    expect(csv.body).toContain('TCS');
    expect(csv.body).not.toContain('ITC');
    const mainCsv = await get(ctx(), trader, '/api/reports/capital-gains.csv');
    expect(mainCsv.body).toContain('ITC');
    expect(mainCsv.body).not.toContain('TCS');

    const pdf = await get(ctx(), trader, `/api/reports/capital-gains.pdf?portfolioId=${swing.id}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Portfolio: Swing ideas · custom.');
    expect(text).toContain('INFY');
    expect(text).not.toContain('ITC');
    expect(pdfText((await get(ctx(), trader, '/api/reports/capital-gains.pdf')).rawPayload)).toContain(
      'Portfolio: Main portfolio.',
    );

    const days = async (query: string) => {
      const res = await get(ctx(), trader, `/api/reports/trade-days${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return tradeDaysResponseSchema.parse(res.json()).data.days;
    };
    expect(await days('')).toEqual([{ date: today, trades: 2 }]);
    expect(await days(`?portfolioId=${swing.id}`)).toEqual([{ date: today, trades: 6 }]);
  });

  it("the contract note of a day lists the named portfolio's trades", async () => {
    const note = async (query: string) => {
      const res = await get(ctx(), trader, `/api/reports/contract-note?date=${today}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { text: pdfText(res.rawPayload), filename: res.headers['content-disposition'] };
    };
    const main = await note('');
    expect(main.text).toContain('ITC');
    expect(main.text).not.toContain('TCS');
    expect(main.text).toContain('Portfolio: Main portfolio.');
    const mine = await note(`&portfolioId=${swing.id}`);
    expect(mine.text).toContain('TCS');
    expect(mine.text).not.toContain('ITC');
    expect(mine.filename).toContain(`contract-note-${today}-swing-ideas.pdf`);
    // An empty portfolio has no note for the day.
    const empty = await custom(ctx(), trader, 'Empty');
    const none = await get(ctx(), trader, `/api/reports/contract-note?date=${today}&portfolioId=${empty.id}`);
    expect(none.statusCode).toBe(404);
  });

  it("another user's portfolio is a 404 and a malformed id a 400 on every report and on habits", async () => {
    const urls = (portfolioId: string) => [
      `/api/reports/capital-gains?portfolioId=${portfolioId}`,
      `/api/reports/capital-gains.csv?portfolioId=${portfolioId}`,
      `/api/reports/capital-gains.pdf?portfolioId=${portfolioId}`,
      `/api/reports/trade-days?portfolioId=${portfolioId}`,
      `/api/reports/contract-note?date=${today}&portfolioId=${portfolioId}`,
      `/api/insights/habits?portfolioId=${portfolioId}`,
      `/api/trades?portfolioId=${portfolioId}&season=1`,
      `/api/trades/tags?portfolioId=${portfolioId}&season=1`,
    ];
    for (const url of urls(otherMain.id)) {
      const res = await get(ctx(), trader, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Portfolio not found');
    }
    for (const url of urls(randomUUID())) expect((await get(ctx(), trader, url)).statusCode, url).toBe(404);
    for (const url of urls('not-an-id')) {
      const res = await get(ctx(), trader, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain('Portfolio not found');
    }
  });

  it("habits read the named portfolio's fills", async () => {
    const habits = async (query: string) => {
      const res = await get(ctx(), trader, `/api/insights/habits${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return habitsResponseSchema.parse(res.json()).data;
    };
    const main = await habits('');
    expect(main.activity.result).toMatchObject({ status: 'insufficient', have: 2, needed: 5 });
    expect(main.disposition.result).toMatchObject({ status: 'insufficient', have: 1 });
    const mine = await habits(`?portfolioId=${swing.id}`);
    expect(mine.activity.result).toMatchObject({ status: 'ready', fills: 6, activeDays: 1 });
    expect(mine.disposition.result).toMatchObject({ status: 'insufficient', have: 3 });
  });

  it("a closed season's tax report and journal are read with ?season=; a season that never was is a 404", async () => {
    const user = await signUp(ctx());
    const p = await custom(ctx(), user, 'Seasons');
    await roundTrip(ctx(), user, 'TCS', 1, p.id);
    const note = await ctx().request({
      method: 'POST',
      url: '/api/trades',
      token: user.token,
      payload: { portfolioId: p.id, ticker: 'TCS', quantity: 1, price: 3000, type: 'BUY', tags: ['first'] },
    });
    expect(note.statusCode, note.body).toBe(201);
    const reset = await ctx().request({
      method: 'POST',
      url: `/api/portfolios/${p.id}/reset`,
      token: user.token,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await roundTrip(ctx(), user, 'INFY', 1, p.id);
    const second = await ctx().request({
      method: 'POST',
      url: '/api/trades',
      token: user.token,
      payload: {
        portfolioId: p.id,
        ticker: 'INFY',
        quantity: 1,
        price: 1500,
        type: 'SELL',
        tags: ['second'],
      },
    });
    expect(second.statusCode, second.body).toBe(201);

    const open = await gains(ctx(), user, `?portfolioId=${p.id}`);
    expect([symbolsOf(open), open.portfolio.season]).toEqual([['INFY'], 2]);
    const closed = await gains(ctx(), user, `?portfolioId=${p.id}&season=1`);
    expect([symbolsOf(closed), closed.portfolio.season]).toEqual([['TCS'], 1]);
    const csv = await get(ctx(), user, `/api/reports/capital-gains.csv?portfolioId=${p.id}&season=1`);
    expect(csv.headers['content-disposition']).toContain('-seasons-season-1.csv');
    expect(csv.body).toContain('TCS');

    const journal = async (query: string) => {
      const res = await get(ctx(), user, `/api/trades${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return journalListResponseSchema.parse(res.json()).trades.map((t) => t.ticker);
    };
    const tags = async (query: string) => {
      const res = await get(ctx(), user, `/api/trades/tags${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return journalTagSummaryResponseSchema.parse(res.json()).tags.map((t) => t.tag);
    };
    expect(await journal(`?portfolioId=${p.id}`)).toEqual(['INFY']);
    expect(await journal(`?portfolioId=${p.id}&season=2`)).toEqual(['INFY']);
    expect(await journal(`?portfolioId=${p.id}&season=1`)).toEqual(['TCS']);
    expect(await tags(`?portfolioId=${p.id}&season=1`)).toEqual(['first']);
    expect(await tags(`?portfolioId=${p.id}`)).toEqual(['second']);
    // Main has one season only.
    expect(await journal('?season=1')).toEqual([]);

    for (const url of [
      `/api/trades?portfolioId=${p.id}&season=3`,
      `/api/trades/tags?portfolioId=${p.id}&season=3`,
      `/api/reports/capital-gains?portfolioId=${p.id}&season=3`,
      '/api/reports/trade-days?season=2',
    ]) {
      const res = await get(ctx(), user, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Season not found');
    }
    for (const [url, message] of [
      ['/api/trades?season=0', 'Season not found'],
      ['/api/reports/capital-gains?season=x', 'Season must be a whole number from 1'],
      ['/api/trades/tags?season=1.5', 'Season must be a whole number from 1'],
    ]) {
      const res = await get(ctx(), user, url!);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("an unfinished replay's portfolio is refused by the tax reports and habits (422) until its finish", async () => {
    const user = await signUp(ctx());
    const made = await ctx().request({
      method: 'POST',
      url: '/api/replays',
      token: user.token,
      payload: { date: '2020-03-13' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const replay = made.json().data as Replay;
    const id = replay.portfolioId!;
    const urls = [
      `/api/reports/capital-gains?portfolioId=${id}`,
      `/api/reports/capital-gains.csv?portfolioId=${id}`,
      `/api/reports/capital-gains.pdf?portfolioId=${id}`,
      `/api/reports/trade-days?portfolioId=${id}`,
      `/api/reports/contract-note?date=2020-03-13&portfolioId=${id}`,
      `/api/insights/habits?portfolioId=${id}`,
    ];
    for (const url of urls) {
      const res = await get(ctx(), user, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message).toMatch(/of a replay's portfolio can be read once the replay is finished/);
    }
    // Its journal is readable meanwhile (entries may be written during a replay).
    expect((await get(ctx(), user, `/api/trades?portfolioId=${id}`)).statusCode).toBe(200);

    const done = await ctx().request({
      method: 'POST',
      url: `/api/replays/${replay.id}/finish`,
      token: user.token,
    });
    expect(done.statusCode, done.body).toBe(200);
    const report = await gains(ctx(), user, `?portfolioId=${id}&fy=2019-20`);
    expect(report.portfolio).toMatchObject({ id, kind: 'replay' });
    expect(report.lots).toEqual([]);
    expect((await get(ctx(), user, `/api/insights/habits?portfolioId=${id}`)).statusCode).toBe(200);
  });
});
