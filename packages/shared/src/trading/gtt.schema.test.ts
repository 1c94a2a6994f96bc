import { describe, expect, it } from 'vitest';
import {
  createGttRequestSchema,
  GTT_VALIDITY_RULES,
  gttDirection,
  gttExpiry,
  gttPriceIssues,
  gttShapeIssues,
  gttValidityFor,
} from './gtt.schema.js';

describe('GTT rules', () => {
  it('lapses one calendar year after it is set, by the dated rule in force', () => {
    expect(gttValidityFor('2026-11-27')).toBe(GTT_VALIDITY_RULES[0]);
    expect(gttExpiry(Date.parse('2026-11-27T04:00:00Z')).toISOString()).toBe('2027-11-27T04:00:00.000Z');
    // A leap day rolls to 1 March of the next year rather than to a date that does not exist.
    expect(gttExpiry(Date.parse('2028-02-29T04:00:00Z')).toISOString()).toBe('2029-03-01T04:00:00.000Z');
    expect(GTT_VALIDITY_RULES[0].source).toMatch(/zerodha\.com\/tos\/gtt/);
  });

  it('takes each leg’s direction from the price it was set at', () => {
    expect(gttDirection(400, 410)).toBe('down');
    expect(gttDirection(420, 410)).toBe('up');
  });

  it('allows a limit up to 10% from its trigger and no further', () => {
    const legs = (limitPrice: number) => [{ triggerPrice: 400, limitPrice }];
    expect(gttShapeIssues({ kind: 'single', side: 'BUY', legs: legs(440) })).toEqual([]);
    expect(gttShapeIssues({ kind: 'single', side: 'BUY', legs: legs(360) })).toEqual([]);
    expect(gttShapeIssues({ kind: 'single', side: 'BUY', legs: legs(440.05) })).toEqual([
      { path: 'legs.0.limitPrice', message: 'Limit price must be within 10% of its trigger (₹400.00)' },
    ]);
  });

  it('checks the tick by price slab: ₹0.01 under ₹250, ₹0.05 to ₹1,000', () => {
    expect(
      gttShapeIssues({ kind: 'single', side: 'BUY', legs: [{ triggerPrice: 249.99, limitPrice: 249.99 }] }),
    ).toEqual([]);
    expect(
      gttShapeIssues({ kind: 'single', side: 'BUY', legs: [{ triggerPrice: 400.01, limitPrice: 400.05 }] }),
    ).toEqual([
      { path: 'legs.0.triggerPrice', message: 'Trigger price must be a multiple of the tick size (₹0.05)' },
    ]);
  });

  it('wants an OCO on both sides of the last price, and no trigger at it', () => {
    const oco = (a: number, b: number) => ({
      kind: 'oco' as const,
      legs: [
        { triggerPrice: a, limitPrice: a },
        { triggerPrice: b, limitPrice: b },
      ],
    });
    expect(gttPriceIssues(oco(400, 450), 410)).toEqual([]);
    expect(gttPriceIssues(oco(450, 400), 410)).toEqual([]);
    expect(gttPriceIssues(oco(400, 405), 410).map((i) => i.path)).toEqual(['legs']);
    expect(gttPriceIssues(oco(410, 450), 410).map((i) => i.path)).toEqual(['legs.0.triggerPrice']);
  });

  it('defaults the product to delivery (CNC)', () => {
    const parsed = createGttRequestSchema.parse({
      symbol: 'ITC',
      kind: 'single',
      side: 'BUY',
      quantity: 1,
      legs: [{ triggerPrice: 400, limitPrice: 400 }],
    });
    expect(parsed.product).toBe('CNC');
  });
});
