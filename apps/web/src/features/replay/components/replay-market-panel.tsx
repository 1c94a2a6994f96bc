import { useState } from 'react';
import type { Quote, Replay } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { formatPrice } from '../../../lib/money-format';
import { PriceChange } from '../../market/components/price-change';
import { formatLevel } from '../../market/lib/format';
import { useReplayIndices, useReplayMovers, type MoverType } from '../api/replay-api';

const MOVER_TABS = [
  { key: 'gainers', label: 'Gainers' },
  { key: 'losers', label: 'Losers' },
  { key: 'active', label: 'Most active' },
] as const satisfies ReadonlyArray<{ key: MoverType; label: string }>;

const EMPTY: Record<MoverType, string> = {
  gainers: 'No stock is up on the day at this minute.',
  losers: 'No stock is down on the day at this minute.',
  active: 'Nothing has traded yet at this minute.',
};

function QuoteRow({
  quote,
  selected,
  onSelect,
  points = false,
}: {
  quote: Quote;
  selected?: boolean;
  onSelect?: () => void;
  /** An index: its level is points, not rupees. */
  points?: boolean;
}) {
  const body = (
    <>
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900 dark:text-white">{quote.name}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">{quote.symbol}</span>
      </span>
      <span className="text-right tabular-nums">
        <span className="block text-slate-900 dark:text-white">
          {points ? formatLevel(quote.price) : formatPrice(quote.price)}
        </span>
        <PriceChange change={quote.change} percent={quote.changePercent} className="text-xs" />
      </span>
    </>
  );
  const cls = 'flex w-full items-center justify-between gap-3 rounded-lg px-2 py-1.5 text-left text-sm';
  return onSelect ? (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={`${cls} hover:bg-slate-50 aria-pressed:bg-indigo-50 dark:hover:bg-slate-700/60 dark:aria-pressed:bg-indigo-950`}
    >
      {body}
    </button>
  ) : (
    <div className={cls}>{body}</div>
  );
}

/** Indices and movers at the replay's minute; picking a row charts it (and a stock goes to the ticket). */
export function ReplayMarketPanel({
  replay,
  selected,
  onSelect,
}: {
  replay: Replay;
  selected: string;
  /** A row was clicked: it is charted, and a stock (not an index) goes to the order ticket. */
  onSelect: (quote: Quote) => void;
}) {
  const [tab, setTab] = useState<MoverType>('gainers');
  const indices = useReplayIndices(replay);
  const movers = useReplayMovers(replay, tab);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardTitle>Indices</CardTitle>
        {indices.data ? (
          <ul>
            {indices.data.map((q) => (
              <li key={q.symbol}>
                <QuoteRow quote={q} selected={selected === q.symbol} onSelect={() => onSelect(q)} points />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>
        )}
      </Card>
      <Card className="min-w-0">
        <CardTitle action={<ToggleGroup label="Movers" options={MOVER_TABS} value={tab} onChange={setTab} />}>
          Movers
        </CardTitle>
        {movers.data?.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{EMPTY[tab]}</p>
        ) : movers.data ? (
          <ul>
            {movers.data.map((q) => (
              <li key={q.symbol}>
                <QuoteRow quote={q} selected={selected === q.symbol} onSelect={() => onSelect(q)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>
        )}
      </Card>
    </div>
  );
}
