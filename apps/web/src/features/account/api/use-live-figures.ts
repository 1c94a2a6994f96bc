import { useMemo } from 'react';
import { computeFigures, repriceInputs, type AccountFigures, type Holding } from '@nivesh/shared';
import { useLiveQuotes } from '../../market/api/use-live-quotes';
import { usePortfolioSummary } from './account-api';

export interface LiveFigures {
  /** The glossary's figures at the newest live prices; undefined until the summary loads. */
  figures: AccountFigures | undefined;
  /** The holdings re-valued at the same prices, with the same per-holding P&L and Day's P&L. */
  holdings: Holding[];
  summary: ReturnType<typeof usePortfolioSummary>;
}

/**
 * Every money screen's figures: the server's inputs (cash, reserved, realised P&L, positions with
 * what was bought today) re-priced at the live ticks and run through the glossary's
 * `computeFigures`, the function the server uses, so all screens show the same numbers.
 */
export function useLiveFigures(): LiveFigures {
  const summary = usePortfolioSummary();
  const data = summary.data;
  const live = useLiveQuotes((data?.figureInputs.positions ?? []).map((p) => p.symbol));

  const valued = useMemo(() => {
    if (!data) return { figures: undefined, holdings: [] };
    const prices = new Map<string, { price: number; previousClose: number | null }>();
    for (const p of data.figureInputs.positions) {
      const tick = live[p.symbol];
      if (tick)
        prices.set(p.symbol, {
          price: tick.price,
          previousClose: Math.round((tick.price - tick.change) * 100) / 100,
        });
    }
    const figures =
      prices.size === 0 ? data.figures : computeFigures(repriceInputs(data.figureInputs, prices));
    // A symbol held for delivery and intraday is two positions: match each row by both.
    const positionKey = (p: { symbol: string; product?: string }) => `${p.symbol}:${p.product ?? 'CNC'}`;
    const byPosition = new Map(figures.positions.map((p) => [positionKey(p), p]));
    const holdings = data.positions.map((h) => {
      const f = byPosition.get(positionKey(h));
      const price = prices.get(h.symbol)?.price ?? h.currentPrice;
      if (!f) return h;
      return {
        ...h,
        currentPrice: price,
        currentValue: f.value,
        value: f.value,
        totalValue: f.value,
        pnl: f.unrealisedPnl,
        gainLoss: f.unrealisedPnl,
        pnlPercentage: f.unrealisedPnlPercent,
        gainLossPercentage: f.unrealisedPnlPercent,
        dayChange: f.daysPnl,
        dayChangePercent: f.daysPnlPercent,
      };
    });
    return { figures, holdings };
  }, [data, live]);
  return { ...valued, summary };
}
