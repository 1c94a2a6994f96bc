import { useId } from 'react';
import { UNDERLYINGS, type OptionChainRow, type OptionType } from '@nivesh/shared';
import { inputClass } from '../../../components/ui/input';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { legFromQuote, type LegSide } from '../lib/strategy';
import { ChainCard } from './chain-card';
import { PositionsCard } from './positions-card';
import { StrategyBuilder } from './strategy-builder';
import { useOptionsScreen } from './use-options-screen';

/** SEBI's FY25 study, stated once (source and date with it). */
export const SEBI_FY25_LINE =
  'SEBI’s study of FY25 (July 2025): 91% of individual F&O traders lost money, ₹1,05,603 crore in all.';

export function OptionsScreen() {
  const state = useOptionsScreen();
  const expiryId = useId();
  const { chain, strategy } = state;
  const add = (row: OptionChainRow, type: OptionType, side: LegSide) =>
    strategy.add(legFromQuote(row, type, side));
  return (
    <div className="space-y-4">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Options Lab</h1>
          <SimulatedBadge />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-200">{SEBI_FY25_LINE}</p>
      </header>
      <div className="flex flex-wrap items-end gap-4">
        <ToggleGroup
          label="Underlying"
          variant="segmented"
          options={UNDERLYINGS.map((u) => ({ key: u, label: u }))}
          value={state.underlying}
          onChange={state.setUnderlying}
          className="w-64"
        />
        <div className="min-w-0">
          <label htmlFor={expiryId} className="block text-xs font-medium text-slate-700 dark:text-slate-200">
            Expiry
          </label>
          <select
            id={expiryId}
            className={inputClass}
            value={state.expiry ?? ''}
            disabled={!state.expiries.data}
            onChange={(e) => state.setExpiry(e.target.value)}
          >
            {state.expiry && !state.expiries.data ? (
              <option value={state.expiry}>{state.expiry}</option>
            ) : null}
            {state.expiries.data?.expiries.map((e) => (
              <option key={e.date} value={e.date}>
                {e.date} · {e.kind} · {e.daysToExpiry === 0 ? 'today' : `${e.daysToExpiry}d`}
              </option>
            ))}
          </select>
        </div>
      </div>
      {/* On a phone the builder is below the chain: say a tap added something. */}
      <p role="status" className="text-sm text-slate-700 md:sr-only dark:text-slate-200">
        {strategy.legs.length > 0
          ? `${strategy.legs.length} ${strategy.legs.length === 1 ? 'leg' : 'legs'} in the strategy builder`
          : ''}
      </p>
      <div className="grid gap-4 2xl:grid-cols-[minmax(0,1fr)_28rem]">
        <ChainCard state={state} onAdd={add} />
        {chain.data ? (
          <StrategyBuilder strategy={strategy} chain={chain.data} daysToExpiry={state.daysToExpiry ?? 0} />
        ) : null}
      </div>
      <PositionsCard />
    </div>
  );
}
