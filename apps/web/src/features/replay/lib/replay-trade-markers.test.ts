import { describe, expect, it } from 'vitest';
import type { Candle, ReplayTrade } from '@nivesh/shared';
import { tradeMarkers } from './replay-trade-markers';

const candle = (iso: string): Candle => ({
  time: Date.parse(iso) / 1000,
  open: 1,
  high: 1,
  low: 1,
  close: 1,
  volume: 0,
});
const trade = (time: string, o: Partial<ReplayTrade> = {}): ReplayTrade => ({
  time,
  symbol: 'RELIANCE',
  name: 'Reliance Industries Ltd.',
  side: 'BUY',
  quantity: 5,
  price: 450,
  closing: false,
  ...o,
});

describe('tradeMarkers', () => {
  const candles = [
    candle('2020-03-13T03:45:00Z'),
    candle('2020-03-13T03:46:00Z'),
    candle('2020-03-13T03:47:00Z'),
  ];
  it('puts each trade of the symbol on the candle its time falls in, in time order', () => {
    expect(
      tradeMarkers(
        [
          trade('2020-03-13T03:47:30Z', { side: 'SELL', quantity: 5, closing: true }),
          trade('2020-03-13T03:46:10Z'),
          trade('2020-03-13T03:46:20Z', { symbol: 'TCS' }),
        ],
        'RELIANCE',
        candles,
      ),
    ).toEqual([
      { time: candles[1]!.time, side: 'BUY', text: 'B 5' },
      { time: candles[2]!.time, side: 'SELL', text: 'S 5' },
    ]);
  });
  it('leaves out a trade before the first candle or after the last, and draws nothing without candles', () => {
    expect(tradeMarkers([trade('2020-03-13T03:40:00Z')], 'RELIANCE', candles)).toEqual([]);
    expect(tradeMarkers([trade('2020-03-16T03:46:00Z')], 'RELIANCE', candles)).toEqual([]);
    expect(tradeMarkers([trade('2020-03-13T03:47:59Z')], 'RELIANCE', candles)).toHaveLength(1);
    expect(tradeMarkers([trade('2020-03-13T03:46:00Z')], 'RELIANCE', [])).toEqual([]);
  });
});
