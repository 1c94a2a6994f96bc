import { useId, useState } from 'react';
import type { Replay } from '@nivesh/shared';
import { SearchInput } from '../../../components/ui/search-input';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useReplaySearch } from '../api/replay-trading-api';

export interface PickedStock {
  symbol: string;
  name: string;
}

/** A search over the replay's market (blind: the stand-ins); picking a result chooses it for the ticket. */
export function ReplayStockSearch({
  replay,
  onPick,
}: {
  replay: Replay;
  onPick: (stock: PickedStock) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query);
  const results = useReplaySearch(replay, debounced);
  const stocks = (results.data ?? []).filter((r) => r.type === 'EQUITY');
  const asked = debounced.trim().length >= 2;
  return (
    <div className="space-y-1">
      <SearchInput
        id={id}
        label="Search stocks in this replay"
        placeholder="Search a stock"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {asked && results.data ? (
        stocks.length > 0 ? (
          <ul
            aria-label="Search results"
            className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700"
          >
            {stocks.map((s) => (
              <li key={s.symbol}>
                <button
                  type="button"
                  className="flex w-full justify-between gap-2 px-3 py-1.5 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-700/60"
                  onClick={() => {
                    onPick({ symbol: s.symbol, name: s.name });
                    setQuery('');
                  }}
                >
                  <span className="truncate text-slate-900 dark:text-white">{s.name}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-300">{s.symbol}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">No stock matches “{debounced.trim()}”.</p>
        )
      ) : null}
    </div>
  );
}
