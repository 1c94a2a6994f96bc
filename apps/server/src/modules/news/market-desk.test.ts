import { describe, expect, it } from 'vitest';
import { dateToDayNumber } from '@nivesh/shared';
import { defaultMarketDataDir } from '../../paths.js';
import { getSimulator } from '../market/market.factory.js';
import { MarketSimulator } from '../market/simulator/market-simulator.js';
import { loadMarketBundle } from '../market/simulator/market-bundle.js';
import { DESK_MOVE_THRESHOLD_PCT, marketDeskNotes } from './market-desk.js';

const NOW = Date.parse('2026-11-20T10:00:00Z');
const sim = getSimulator(defaultMarketDataDir, 'nivesh-test', 'always-open');

const pctOf = (close: number, prev: number) => ((close - prev) / prev) * 100;
const fmt = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(2)}%`;

describe('market desk', () => {
  const notes = marketDeskNotes(sim, NOW, 3);
  const wraps = notes.filter((n) => n.dedupeKey.startsWith('desk:wrap:'));

  it('writes one wrap per finished session, dated on its market day, never for the session still running', () => {
    expect(wraps.map((w) => w.dedupeKey)).toEqual([
      'desk:wrap:2026-11-17',
      'desk:wrap:2026-11-18',
      'desk:wrap:2026-11-19',
    ]);
    // 23:59 IST of the market day.
    expect(wraps[2]!.publishedAt.toISOString()).toBe('2026-11-19T18:29:00.000Z');
  });

  it('quotes the simulator’s own closes for NIFTY 50, SENSEX and the top movers', () => {
    const day = dateToDayNumber('2026-11-19');
    const wrap = wraps[2]!;
    const bars = (symbol: string) => {
      const s = sim.dailySeries(symbol, false)!;
      const k = sim.barIndex(symbol, day);
      return { close: s.close[k]!, prev: s.close[k - 1]! };
    };
    const nifty = bars('NIFTY50');
    const sensex = bars('SENSEX');
    const niftyFigure = wrap.figures.find((f) => f.symbol === 'NIFTY50')!;
    expect(niftyFigure.value).toBe(
      `${nifty.close.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} (${fmt(pctOf(nifty.close, nifty.prev))})`,
    );
    expect(wrap.figures.find((f) => f.symbol === 'SENSEX')!.value).toContain(
      fmt(pctOf(sensex.close, sensex.prev)),
    );

    // The top gainer is the equity with the largest close-to-close move that day.
    const moves = sim.instruments
      .filter((i) => i.type === 'EQUITY' && i.currency === 'INR')
      .map((i) => ({ symbol: i.symbol, ...bars(i.symbol) }))
      .map((m) => ({ symbol: m.symbol, change: pctOf(m.close, m.prev) }))
      .sort((a, b) => b.change - a.change || a.symbol.localeCompare(b.symbol));
    expect(wrap.symbols.slice(2, 5)).toEqual(moves.slice(0, 3).map((m) => m.symbol));
    expect(wrap.summary).toContain(`${moves[0]!.symbol} ${fmt(moves[0]!.change)}`);
    const big = notes.filter((n) => n.dedupeKey.startsWith('desk:move:2026-11-19:'));
    for (const n of big) {
      const m = moves.find((x) => x.symbol === n.symbols[0])!;
      expect(Math.abs(m.change)).toBeGreaterThanOrEqual(DESK_MOVE_THRESHOLD_PCT);
      expect(n.title).toContain(fmt(m.change).slice(1));
    }
  });

  it('is the same on another instance with the same seed', () => {
    const other = new MarketSimulator({
      bundle: loadMarketBundle(defaultMarketDataDir),
      seed: 'nivesh-test',
      session: 'always-open',
    });
    expect(marketDeskNotes(other, NOW, 3)).toEqual(notes);
  });
});
