import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  FEE_LINES,
  capitalGainsResponseSchema,
  tradeDaysResponseSchema,
  type CapitalGainsReport,
} from '@nivesh/shared';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';
import { filled, type User } from '../support/orders.js';
import { pdfPages, pdfText } from '../support/pdf-text.js';

/**
 * The worked example of the capital-gains report on real fills. The orders are placed and filled
 * by the app; each fill's time, price and stored charge lines are then set to the example's, so
 * the report (which reads only fills) can be checked against a computation done by hand:
 *
 *   F1 2025-03-10 11:00 IST (FY 2024-25) ITC BUY 10 @ 400.00; lines 4.00 + 0.12 + 4.00 + 0.74 + 0 + 0.60 = 9.46
 *   F2 2026-01-15 11:00 IST (FY 2025-26) ITC BUY 5 @ 420.00;  lines 2.10 + 0.06 + 2.10 + 0.39 + 0 + 0.32 = 4.97
 *   F3 2026-06-10 11:00 IST (FY 2026-27) ITC SELL 12 @ 450.00; lines 5.40 + 0.17 + 5.40 + 1.00 + 0.01 + 0 = 11.98
 *   F4 2026-08-03 00:05 IST (still 2 August in UTC) TCS BUY 1 @ 3,000.00;  lines 3.00 + 0.09 + 0 + 0.56 + 0 + 0.09 = 3.74
 *   F5 2026-08-03 14:00 IST TCS SELL 1 @ 3,030.00; lines 3.03 + 0.09 + 0.76 + 0.56 + 0 + 0 = 4.44
 *
 * F3 sells all of F1 then 2 of F2 (FIFO). Its charges 11.98 split 10:2 → 1198 × 10/12 = 998.33 →
 * 9.98, and 11.98 − 9.98 = 2.00; F2's first 2 of 5 take 497 × 2/5 = 198.8 → 1.99. The STT lines
 * split the same way: F3's 5.40 → 4.50 + 0.90, F2's first 2 shares 2.10 × 2/5 = 0.84.
 *   Lot 1 (10): cost 4,000.00 + 9.46 = 4,009.46; proceeds 4,500.00 − 9.98 = 4,490.02; gain 480.56;
 *     STT 4.00 + 4.50 = 8.50, gain for tax 489.06; 2025-03-10 → 2026-06-10 = 457 days: LTCG.
 *   Lot 2 (2): cost 840.00 + 1.99 = 841.99; proceeds 900.00 − 2.00 = 898.00; gain 56.01;
 *     STT 0.84 + 0.90 = 1.74, gain for tax 57.75; 146 days: STCG.
 *   Lot 3 (1): cost 3,000.00 + 3.74 = 3,003.74; proceeds 3,030.00 − 4.44 = 3,025.56; gain 21.82;
 *     STT 0.76 (deducted, business income), gain for tax 21.82: INTRADAY.
 * FY 2026-27: STCG tax 57.75 × 20% = 11.55; LTCG 489.06 is within the 1,25,000 exemption → 0.
 * estimatedTax 11.55; intraday not estimated.
 */
const EXAMPLE = [
  { at: '2025-03-10T11:00:00+05:30', price: 40000, lines: [400, 12, 400, 74, 0, 60] },
  { at: '2026-01-15T11:00:00+05:30', price: 42000, lines: [210, 6, 210, 39, 0, 32] },
  { at: '2026-06-10T11:00:00+05:30', price: 45000, lines: [540, 17, 540, 100, 1, 0] },
  { at: '2026-08-03T00:05:00+05:30', price: 300000, lines: [300, 9, 0, 56, 0, 9] },
  { at: '2026-08-03T14:00:00+05:30', price: 303000, lines: [303, 9, 76, 56, 0, 0] },
];

async function restate(ctx: TestContext, userId: string) {
  const fills = await ctx.rows<{ id: string; quantity: number }>(
    sql`select id, quantity from fills where user_id = ${userId} order by created_at, id`,
  );
  expect(fills).toHaveLength(EXAMPLE.length);
  for (const [i, f] of fills.entries()) {
    const e = EXAMPLE[i]!;
    const [brokerage, exchange, stt, gst, sebi, stamp] = e.lines as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await ctx.rows(sql`update fills set created_at = ${e.at}::timestamptz, trade_date = ${e.at.slice(0, 10)}::date,
      price_paise = ${e.price}, value_paise = ${e.price * f.quantity}, brokerage_paise = ${brokerage},
      exchange_charge_paise = ${exchange}, stt_paise = ${stt}, gst_paise = ${gst}, sebi_fee_paise = ${sebi},
      stamp_duty_paise = ${stamp}, dp_charge_paise = 0, square_off_charge_paise = 0,
      fees_paise = ${brokerage + exchange + stt + gst + sebi + stamp} where id = ${f.id}`);
  }
}

async function report(ctx: TestContext, user: User, query = ''): Promise<CapitalGainsReport> {
  const res = await ctx.request({
    method: 'GET',
    url: `/api/reports/capital-gains${query}`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return capitalGainsResponseSchema.parse(res.json()).data;
}

describeEachDb('capital-gains report and contract notes', (ctx) => {
  let trader: User;
  let other: User;

  beforeAll(async () => {
    trader = await signUp(ctx());
    other = await signUp(ctx());
    await filled(ctx(), trader, { symbol: 'ITC', type: 'BUY', quantity: 10 });
    await filled(ctx(), trader, { symbol: 'ITC', type: 'BUY', quantity: 5 });
    await filled(ctx(), trader, { symbol: 'ITC', type: 'SELL', quantity: 12 });
    await filled(ctx(), trader, { symbol: 'TCS', type: 'BUY', quantity: 1 });
    await filled(ctx(), trader, { symbol: 'TCS', type: 'SELL', quantity: 1 });
    await restate(ctx(), trader.user.id);
    // Another user's round trip on the same day must never show in the trader's report.
    await filled(ctx(), other, { symbol: 'ITC', type: 'BUY', quantity: 2 });
    await filled(ctx(), other, { symbol: 'ITC', type: 'SELL', quantity: 2 });
    await ctx().rows(
      sql`update fills set trade_date = '2026-06-10', created_at = case when side = 'BUY'
        then '2026-06-10T12:00:00+05:30'::timestamptz else '2026-06-10T12:05:00+05:30'::timestamptz end
        where user_id = ${other.user.id}`,
    );
  });

  it('matches the hand-computed example: every lot, the totals and the estimated tax', async () => {
    const r = await report(ctx(), trader, '?fy=2026-27');
    expect(r.financialYear).toBe('2026-27');
    expect([r.from, r.to]).toEqual(['2026-04-01', '2027-03-31']);
    expect(r.lots.map(({ buyFillId: _b, sellFillId: _s, ...lot }) => lot)).toEqual([
      {
        symbol: 'ITC',
        product: 'CNC',
        buyDate: '2025-03-10',
        sellDate: '2026-06-10',
        quantity: 10,
        buyPrice: 400,
        sellPrice: 450,
        buyValue: 4000,
        buyCharges: 9.46,
        cost: 4009.46,
        sellValue: 4500,
        sellCharges: 9.98,
        proceeds: 4490.02,
        gain: 480.56,
        stt: 8.5,
        gainForTax: 489.06,
        holdingDays: 457,
        taxClass: 'LTCG',
        taxRatePercent: 12.5,
      },
      {
        symbol: 'ITC',
        product: 'CNC',
        buyDate: '2026-01-15',
        sellDate: '2026-06-10',
        quantity: 2,
        buyPrice: 420,
        sellPrice: 450,
        buyValue: 840,
        buyCharges: 1.99,
        cost: 841.99,
        sellValue: 900,
        sellCharges: 2,
        proceeds: 898,
        gain: 56.01,
        stt: 1.74,
        gainForTax: 57.75,
        holdingDays: 146,
        taxClass: 'STCG',
        taxRatePercent: 20,
      },
      {
        symbol: 'TCS',
        product: 'CNC',
        buyDate: '2026-08-03',
        sellDate: '2026-08-03',
        quantity: 1,
        buyPrice: 3000,
        sellPrice: 3030,
        buyValue: 3000,
        buyCharges: 3.74,
        cost: 3003.74,
        sellValue: 3030,
        sellCharges: 4.44,
        proceeds: 3025.56,
        gain: 21.82,
        stt: 0.76,
        gainForTax: 21.82,
        holdingDays: 0,
        taxClass: 'INTRADAY',
        taxRatePercent: null,
      },
    ]);
    expect(r.totals).toEqual({
      INTRADAY: { lots: 1, quantity: 1, cost: 3003.74, proceeds: 3025.56, gain: 21.82, gainForTax: 21.82 },
      STCG: { lots: 1, quantity: 2, cost: 841.99, proceeds: 898, gain: 56.01, gainForTax: 57.75 },
      LTCG: { lots: 1, quantity: 10, cost: 4009.46, proceeds: 4490.02, gain: 480.56, gainForTax: 489.06 },
    });
    expect(r.ltcgExemption).toBe(125000);
    expect(r.ltcgExemptionUsed).toBe(489.06);
    expect(r.shortTermLossSetOff).toBe(0);
    expect([r.taxableStcg, r.taxableLtcg]).toEqual([57.75, 0]);
    expect(r.taxByClass).toEqual({ STCG: 11.55, LTCG: 0, INTRADAY: null });
    expect(r.estimatedTax).toBe(11.55);
    expect(r.intradayNote).toMatch(/slab rate/);
    expect(r.rates).toEqual([expect.objectContaining({ effectiveFrom: '2024-07-23', stcgRatePercent: 20 })]);
    expect(r.yearsWithSells).toEqual(['2026-27']);
    // The lots point at the trader's own fills.
    const own = await ctx().rows<{ id: string }>(sql`select id from fills where user_id = ${trader.user.id}`);
    const ids = new Set(own.map((f) => f.id));
    for (const lot of r.lots) expect(ids.has(lot.buyFillId) && ids.has(lot.sellFillId)).toBe(true);
  });

  it('shows an empty year as empty, and another user only their own lots', async () => {
    const empty = await report(ctx(), trader, '?fy=2025-26');
    expect(empty.lots).toEqual([]);
    expect(empty.estimatedTax).toBe(0);
    expect(empty.yearsWithSells).toEqual(['2026-27']);
    const theirs = await report(ctx(), other, '?fy=2026-27');
    expect(theirs.lots).toHaveLength(1);
    expect(theirs.lots[0]).toMatchObject({ symbol: 'ITC', quantity: 2, taxClass: 'INTRADAY' });
    const fresh = await report(ctx(), await signUp(ctx()));
    expect(fresh.lots).toEqual([]);
    expect(fresh.financialYear).toBe(fresh.currentYear);
  });

  it('keeps products apart and counts every stored charge line, DP charge included', async () => {
    const user = await signUp(ctx());
    await filled(ctx(), user, { symbol: 'SBIN', type: 'BUY', quantity: 2, product: 'CNC' });
    await filled(ctx(), user, { symbol: 'SBIN', type: 'BUY', quantity: 2, product: 'MIS' });
    await filled(ctx(), user, { symbol: 'SBIN', type: 'SELL', quantity: 2, product: 'MIS' });
    await filled(ctx(), user, { symbol: 'SBIN', type: 'SELL', quantity: 1, product: 'CNC' });
    const rows = await ctx().rows<{ product: string; side: string; fees: string; dp: string }>(
      sql`select product, side, fees_paise::text as fees, dp_charge_paise::text as dp from fills
          where user_id = ${user.user.id} order by created_at, id`,
    );
    const r = await report(ctx(), user);
    expect(r.lots.map((l) => [l.product, l.quantity, l.taxClass])).toEqual([
      ['MIS', 2, 'INTRADAY'],
      ['CNC', 1, 'INTRADAY'],
    ]);
    // The CNC sell pays the day's DP charge; its lot carries the whole of that fill's charges.
    const cncSell = rows[3]!;
    expect([cncSell.product, cncSell.side, BigInt(cncSell.dp) > 0n]).toEqual(['CNC', 'SELL', true]);
    expect(Math.round(r.lots[1]!.sellCharges * 100)).toBe(Number(cncSell.fees));
    expect(Math.round(r.lots[0]!.sellCharges * 100)).toBe(Number(rows[2]!.fees));
    // Half the CNC buy's charges go with the one share sold (cumulative split, half-up).
    expect(Math.round(r.lots[1]!.buyCharges * 100)).toBe(Math.round(Number(rows[0]!.fees) / 2));
  });

  it.each(['2026-28', '26-27', '2026', 'abcd', '2017-18', '2026-27x'])(
    'refuses fy=%s with a 400',
    async (fy) => {
      const res = await ctx().request({
        method: 'GET',
        url: `/api/reports/capital-gains?fy=${encodeURIComponent(fy)}`,
        token: trader.token,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
    },
  );

  it('needs a signed-in user', async () => {
    for (const url of ['/api/reports/capital-gains', '/api/reports/contract-note?date=2026-06-10'])
      expect((await ctx().request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('downloads the lots as CSV', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: '/api/reports/capital-gains.csv?fy=2026-27',
      token: trader.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('capital-gains-2026-27.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Symbol,Product,Buy date,Sell date,Quantity,/);
    expect(lines[1]).toBe(
      'ITC,CNC,2025-03-10,2026-06-10,10,400.00,450.00,4000.00,9.46,4009.46,4500.00,9.98,4490.02,480.56,8.50,489.06,457,LTCG,12.5',
    );
    expect(lines[3]).toBe(
      'TCS,CNC,2026-08-03,2026-08-03,1,3000.00,3030.00,3000.00,3.74,3003.74,3030.00,4.44,3025.56,21.82,0.76,21.82,0,INTRADAY,',
    );
  });

  it('downloads the statement as a PDF with the lots and the tax', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: '/api/reports/capital-gains.pdf?fy=2026-27',
      token: trader.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Capital gains statement, financial year 2026-27');
    for (const cell of [
      'ITC',
      'TCS',
      '2025-03-10',
      '4,009.46',
      '4,490.02',
      '480.56',
      '56.01',
      '21.82',
      'LTCG',
    ])
      expect(text).toContain(cell);
    expect(text).toContain('Estimated tax Rs. 11.55');
  });

  it('lists the days with trades and sends a contract note for one with every charge line', async () => {
    const days = await ctx().request({
      method: 'GET',
      url: '/api/reports/trade-days?fy=2026-27',
      token: trader.token,
    });
    expect(tradeDaysResponseSchema.parse(days.json()).data.days).toEqual([
      { date: '2026-08-03', trades: 2 },
      { date: '2026-06-10', trades: 1 },
    ]);
    const res = await ctx().request({
      method: 'GET',
      url: '/api/reports/contract-note?date=2026-08-03',
      token: trader.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('contract-note-2026-08-03.pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPages(pdf)).toBeGreaterThanOrEqual(1);
    const text = pdfText(pdf);
    expect(text).toContain('Simulated contract note (paper trading, not a real contract note)');
    expect(text).toContain('Trade date 2026-08-03');
    for (const cell of ['00:05:00', '14:00:00', 'TCS', 'Buy', 'Sell', '3,000.00', '3,030.00', '3.74', '4.44'])
      expect(text).toContain(cell);
    for (const line of FEE_LINES.map((l) => l.label)) expect(text).toContain(line);
    // Sold 3,030.00 − bought 3,000.00 − charges 8.18 = 21.82 receivable.
    expect(text).toContain('Net amount receivable by client');
    expect(text).toContain('8.18');
    expect(text).toContain('21.82');
  });

  it('has no contract note for a day without trades, nor for another user’s trading day', async () => {
    const none = await ctx().request({
      method: 'GET',
      url: '/api/reports/contract-note?date=2026-08-04',
      token: trader.token,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/No trades on 2026-08-04/);
    const theirs = await ctx().request({
      method: 'GET',
      url: '/api/reports/contract-note?date=2026-08-03',
      token: other.token,
    });
    expect(theirs.statusCode).toBe(404);
    const own = await ctx().request({
      method: 'GET',
      url: '/api/reports/contract-note?date=2026-06-10',
      token: other.token,
    });
    expect(own.statusCode).toBe(200);
    expect(pdfText(own.rawPayload)).not.toContain('450.00');
  });

  it.each(['2026-02-30', '2026-6-10', 'today', ''])(
    'refuses the contract-note date %j with a 400',
    async (date) => {
      const res = await ctx().request({
        method: 'GET',
        url: `/api/reports/contract-note?date=${date}`,
        token: trader.token,
      });
      expect(res.statusCode, res.body).toBe(400);
    },
  );
});
