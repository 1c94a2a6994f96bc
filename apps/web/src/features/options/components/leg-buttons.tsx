import type { LegSide } from '../lib/strategy';

/** B and S beside a quote: each adds that contract to the strategy on that side. */
export function LegButtons({ symbol, onAdd }: { symbol: string; onAdd: (side: LegSide) => void }) {
  return (
    <span className="inline-flex gap-1">
      <button
        type="button"
        onClick={() => onAdd('BUY')}
        aria-label={`Buy ${symbol}`}
        className="rounded bg-emerald-700 px-1.5 py-0.5 text-[11px] font-semibold text-white hover:bg-emerald-800"
      >
        B
      </button>
      <button
        type="button"
        onClick={() => onAdd('SELL')}
        aria-label={`Sell ${symbol}`}
        className="rounded bg-red-700 px-1.5 py-0.5 text-[11px] font-semibold text-white hover:bg-red-800"
      >
        S
      </button>
    </span>
  );
}
