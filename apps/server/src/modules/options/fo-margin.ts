import type { Underlying } from '@nivesh/shared';
import { parseTradingSymbol, spanMargin, type MarketInputs } from './core.js';

/** A signed leg of a portfolio (units; shorts negative). */
export interface SignedLeg {
  tradingsymbol: string;
  quantity: number;
  price?: number;
}

/**
 * The margin blocked by a set of open positions: SPAN + exposure in paise, premium excluded (a
 * bought option's premium is paid in cash, not blocked). Empty → 0.
 */
export function blockedMargin(
  legs: SignedLeg[],
  market: Record<Underlying, MarketInputs>,
  today: string,
): bigint {
  const open = legs.filter((l) => l.quantity !== 0);
  if (!open.length) return 0n;
  const m = marginByUnderlying(open, market, today);
  return m.span + m.exposure;
}

/**
 * spanMargin per underlying, summed: NIFTY and BANKNIFTY legs are margined as separate sets (no
 * inter-index offset). Paise as bigint whether the library answers in numbers or bigints.
 */
export function marginByUnderlying(
  legs: SignedLeg[],
  market: Record<Underlying, MarketInputs>,
  today: string,
): { span: bigint; exposure: bigint; premium: bigint; worstScenario: number } {
  legs = netted(legs);
  const total = { span: 0n, exposure: 0n, premium: 0n, worstScenario: 1 };
  let worst = -1n;
  for (const underlying of Object.keys(market) as Underlying[]) {
    const mine = legs.filter((l) => parseTradingSymbol(l.tradingsymbol)?.underlying === underlying);
    if (!mine.length) continue;
    const m = spanMargin({ legs: mine, market: market[underlying], todayIsoDay: today });
    const span = BigInt(Math.round(Number(m.span)));
    total.span += span;
    total.exposure += BigInt(Math.round(Number(m.exposure)));
    total.premium += BigInt(Math.round(Number(m.premium)));
    if (span > worst) {
      worst = span;
      total.worstScenario = m.worstScenario;
    }
  }
  return total;
}

/** One leg per symbol (and price): a buy and a sell of the same contract offset each other. */
function netted(legs: SignedLeg[]): SignedLeg[] {
  const bySymbol = new Map<string, SignedLeg>();
  for (const leg of legs) {
    const id = `${leg.tradingsymbol}:${leg.price ?? ''}`;
    const seen = bySymbol.get(id);
    bySymbol.set(id, seen ? { ...seen, quantity: seen.quantity + leg.quantity } : { ...leg });
  }
  return [...bySymbol.values()].filter((l) => l.quantity !== 0);
}
