import type { DerivativePosition, OptionChain, OptionChainRow, OptionQuote } from '@nivesh/shared';
import type { stubFetch } from '../../../test/render';
import { shellStubs } from '../../market/test/market-fixtures';
import { makeAccount, makeOrder } from '../../../test/trading-fixtures';

type Stubs = Parameters<typeof stubFetch>[0];

export const EXPIRY = '2026-12-01';
export const STRIKES = [23800, 23850, 23900, 23950, 24000, 24050, 24100, 24150, 24200];

/** Weekly Kite symbol for 1 Dec 2026 (month code D, day 01). */
export function sym(strike: number, type: 'CE' | 'PE'): string {
  return `NIFTY26D01${strike}${type}`;
}

function quote(strike: number, type: 'CE' | 'PE'): OptionQuote {
  // A hand-made smooth chain around 24,000: premiums fall 0.6 points per strike point away from the money.
  const moneyness = type === 'CE' ? 24000 - strike : strike - 24000;
  const ltp = Math.max(3, Math.round((100 + moneyness * 0.6) * 20) / 20);
  const delta = (type === 'CE' ? 1 : -1) * Math.min(0.95, Math.max(0.05, 0.5 + moneyness / 500));
  return {
    tradingsymbol: sym(strike, type),
    ltp,
    bid: ltp - 0.5,
    ask: ltp + 0.5,
    iv: 13.2,
    delta,
    gamma: 0.0012,
    theta: -9.5,
    vega: 6.1,
    oi: 1_000_000 - Math.abs(moneyness) * 2000,
  };
}

export function makeChain(overrides: Partial<OptionChain> = {}): OptionChain {
  const strikes: OptionChainRow[] = STRIKES.map((strike) => ({
    strike,
    call: quote(strike, 'CE'),
    put: quote(strike, 'PE'),
  }));
  return {
    underlying: 'NIFTY',
    spot: 23990.5,
    future: 24012.3,
    vix: 13.4,
    lotSize: 65,
    expiry: EXPIRY,
    expiryKind: 'weekly',
    atmStrike: 24000,
    asOf: '2026-11-27T05:00:00.000Z',
    strikes,
    ...overrides,
  };
}

export function makePosition(overrides: Partial<DerivativePosition> = {}): DerivativePosition {
  return {
    tradingsymbol: sym(24000, 'CE'),
    underlying: 'NIFTY',
    kind: 'CE',
    strike: 24000,
    expiry: EXPIRY,
    product: 'NRML',
    quantity: 65,
    lots: 1,
    averagePrice: 100,
    ltp: 104.5,
    unrealisedPnl: 292.5,
    realisedPnl: 0,
    atExpiry: 'If NIFTY stays at 23,990.50 this call expires worthless: you lose the ₹6,500.00 paid.',
    ...overrides,
  };
}

export const margin = (total: number) => ({
  body: { success: true, data: { span: 0, exposure: 0, premium: total, total, worstScenario: 1 } },
});

export function optionsStubs(
  o: { chain?: OptionChain; cash?: number; positions?: DerivativePosition[]; daysToExpiry?: number } = {},
): Stubs {
  return {
    ...shellStubs,
    'GET /api/virtual-money/account': () => ({
      body: { success: true, data: makeAccount({ availableCash: o.cash ?? 100_000 }) },
    }),
    'GET /api/options/expiries?underlying=NIFTY': () => ({
      body: {
        success: true,
        data: {
          underlying: 'NIFTY',
          lotSize: 65,
          strikeStep: 50,
          expiries: [
            { date: EXPIRY, kind: 'weekly', daysToExpiry: o.daysToExpiry ?? 4 },
            { date: '2026-12-29', kind: 'monthly', daysToExpiry: 32 },
          ],
          futures: [{ tradingsymbol: 'NIFTY26DECFUT', expiry: '2026-12-29', lotSize: 65 }],
        },
      },
    }),
    'GET /api/options/chain?underlying=NIFTY': () => ({
      body: { success: true, data: o.chain ?? makeChain() },
    }),
    'POST /api/options/margin': (init) => {
      const { legs } = JSON.parse(String(init?.body)) as { legs: Array<{ side: string; quantity: number }> };
      // A stand-in that grows with the legs; the server's SPAN is tested on the server.
      const total = legs.reduce((s, l) => s + (l.side === 'BUY' ? 6500 : 120_000) * (l.quantity / 65), 0);
      return margin(total);
    },
    'GET /api/options/positions': () => ({
      body: { success: true, data: { positions: o.positions ?? [], marginBlocked: 0 } },
    }),
    'POST /api/orders/place': (init) => {
      const body = JSON.parse(String(init?.body)) as {
        symbol: string;
        type: 'BUY' | 'SELL';
        quantity: number;
      };
      return {
        status: 201,
        body: {
          success: true,
          message: 'Order placed',
          data: {
            order: makeOrder({
              symbol: body.symbol,
              stockSymbol: body.symbol,
              type: body.type,
              quantity: body.quantity,
            }),
          },
        },
      };
    },
  };
}
