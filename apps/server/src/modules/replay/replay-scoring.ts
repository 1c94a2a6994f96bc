import { paiseToRupees, rupeesToPaise, sessionBounds, type ReplayScore } from '@nivesh/shared';
import {
  changePercent,
  equalWeightPercent,
  maxDrawdownPercent,
  valueSeries,
  type ScoredFill,
} from './replay-score.js';
import type { ReplayMarket } from './replay-market.js';
import type { replayRepository } from './replay.repository.js';
import { REPLAY_CLOSING_KEY } from './replay-trading.js';

type FillRows = Awaited<ReturnType<typeof replayRepository.fills>>;

/** The drawdown is read on this grid of market time (and at every fill). */
const GRID_MS = 5 * 60_000;
const BENCHMARK = 'NIFTY50';

/**
 * What a finished replay scored (replayScoreSchema says what each figure is), from its fills on the
 * replay clock and the replay's prices; `endMs` is the clock at finish, after the closing sells.
 */
export function scoreReplay(o: {
  market: ReplayMarket;
  days: number[];
  endMs: number;
  startingCashPaise: bigint;
  finalCashPaise: bigint;
  fills: FillRows;
}): ReplayScore {
  const { market, days, endMs } = o;
  const startMs = sessionBounds('nse', days[0]!).openMs;
  // The first minute's price: the day's open, which the quote a minute in carries.
  const firstPrice = (symbol: string) => market.quote(symbol, startMs + 60_000).open ?? null;
  const lastPrice = (symbol: string) => market.quote(symbol, endMs).price;
  const fills: ScoredFill[] = o.fills
    .filter((f) => f.executedAt)
    .map((f) => ({
      ms: f.executedAt!.getTime(),
      symbol: f.symbol,
      side: f.side as ScoredFill['side'],
      quantity: f.quantity,
      valuePaise: f.valuePaise,
      feesPaise: f.feesPaise,
    }));

  const times = new Set<number>(fills.map((f) => f.ms));
  for (const day of days) {
    const { openMs, closeMs } = sessionBounds('nse', day);
    for (let ms = openMs; ms <= Math.min(closeMs, endMs); ms += GRID_MS) times.add(ms);
  }
  times.add(endMs);
  const grid = [...times].filter((ms) => ms >= startMs && ms <= endMs).sort((a, b) => a - b);
  const values = valueSeries(o.startingCashPaise, fills, grid, (symbol, ms) =>
    rupeesToPaise(market.quote(symbol, ms).price),
  );

  const traded = [...new Set(fills.map((f) => f.symbol))];
  const changes = traded
    .map((symbol) => ({ from: firstPrice(symbol), to: lastPrice(symbol) }))
    .filter((c): c is { from: number; to: number } => c.from !== null && c.from > 0);
  const niftyFrom = firstPrice(BENCHMARK);
  return {
    returnPercent: changePercent(Number(o.startingCashPaise), Number(o.finalCashPaise)),
    buyAndHoldPercent: equalWeightPercent(changes),
    niftyPercent: niftyFrom ? changePercent(niftyFrom, lastPrice(BENCHMARK)) : null,
    chargesPaid: paiseToRupees(o.fills.reduce((sum, f) => sum + f.feesPaise, 0n)),
    maxDrawdownPercent: maxDrawdownPercent(values),
    startingCash: paiseToRupees(o.startingCashPaise),
    finalValue: paiseToRupees(o.finalCashPaise),
    trades: o.fills
      .filter((f) => f.executedAt)
      .map((f) => ({
        time: f.executedAt!.toISOString(),
        symbol: f.symbol,
        name: market.instruments.find((i) => i.symbol === f.symbol)?.name ?? f.symbol,
        side: f.side as 'BUY' | 'SELL',
        quantity: f.quantity,
        price: paiseToRupees(f.pricePaise),
        closing: f.clientOrderId.startsWith(REPLAY_CLOSING_KEY),
      })),
  };
}
