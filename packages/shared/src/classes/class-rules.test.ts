import { describe, expect, it } from 'vitest';
import { classRuleBreach, type ClassRuleInput } from './class-rules.js';
import { describeClassRules } from './class.schema.js';

const order = (over: Partial<ClassRuleInput> = {}): ClassRuleInput => ({
  symbol: 'ITC',
  side: 'BUY',
  orderType: 'MARKET',
  product: 'CNC',
  quantity: 10,
  pricePaise: 40_000n,
  marketPricePaise: 40_000n,
  note: undefined,
  today: '2026-11-28',
  startDate: '2026-11-28',
  endDate: '2026-12-25',
  ...over,
});

describe('classRuleBreach', () => {
  it('allows everything with no rules inside the class dates, and refuses outside them', () => {
    expect(classRuleBreach({}, order())).toBeNull();
    expect(classRuleBreach({}, order({ today: '2026-12-26' }))?.message).toBe(
      'The class ended on 2026-12-25: its portfolios are final',
    );
  });

  it('the position cap counts held and resting shares and suggests the largest quantity that fits', () => {
    // ₹1,00,000 portfolio, 20% cap = ₹20,000; 30 held + 10 resting at ₹400 = ₹16,000, room for 10.
    const input = order({
      quantity: 11,
      heldQuantity: 30,
      restingBuyQuantity: 10,
      portfolioValuePaise: 10_000_000n,
    });
    const refusal = classRuleBreach({ maxPositionPercent: 20 }, input);
    expect(refusal).toMatchObject({
      code: 'CLASS_RULE',
      suggestion: { quantity: 10 },
      message:
        'Positions are capped at 20% of your class portfolio (₹20,000.00): you can buy at most 10 more ITC',
    });
    expect(classRuleBreach({ maxPositionPercent: 20 }, { ...input, quantity: 10 })).toBeNull();
    // Sells are never capped.
    expect(classRuleBreach({ maxPositionPercent: 20 }, { ...input, side: 'SELL' })).toBeNull();
  });

  it('universe, minimum price and order types limit buys; a sell of a holding still passes the universe', () => {
    expect(classRuleBreach({ universe: 'NIFTY50' }, order({ symbol: 'DLF' }))?.code).toBe('CLASS_RULE');
    expect(classRuleBreach({ universe: 'NIFTY50' }, order({ symbol: 'DLF', side: 'SELL' }))).toBeNull();
    expect(classRuleBreach({ universe: 'NIFTY500' }, order({ symbol: 'DLF' }))).toBeNull();
    expect(classRuleBreach({ minPrice: 500 }, order())?.message).toMatch(/below ₹500/);
    expect(classRuleBreach({ allowedOrderTypes: ['LIMIT', 'STOP'] }, order())?.message).toBe(
      'Your class allows only limit, stop orders',
    );
  });

  it('describes every rule in one line each', () => {
    expect(
      describeClassRules({
        maxPositionPercent: 20,
        allowMIS: false,
        maxTradesPerDay: 1,
        requireTradeNote: true,
      }),
    ).toEqual([
      'Positions are capped at 20% of your class portfolio',
      'Intraday (MIS) orders are not allowed: delivery (CNC) only',
      'At most 1 order a day',
      'Every order needs a trade note',
    ]);
  });
});
