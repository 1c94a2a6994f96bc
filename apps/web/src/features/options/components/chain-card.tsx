import type { OptionChainRow, OptionType } from '@nivesh/shared';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import type { LegSide } from '../lib/strategy';
import { ChainCompact } from './chain-compact';
import { ChainHeader } from './chain-header';
import { ChainTable } from './chain-table';
import type { OptionsScreenState } from './use-options-screen';
import { useCentredAtm } from './use-centred-atm';

export function ChainCard({
  state,
  onAdd,
}: {
  state: OptionsScreenState;
  onAdd: (row: OptionChainRow, type: OptionType, side: LegSide) => void;
}) {
  const { chain, showGreeks, setShowGreeks } = state;
  const compact = useMediaQuery(MOBILE_QUERY);
  const key = `${state.underlying}:${chain.data?.expiry ?? ''}:${compact ? 'c' : 'w'}`;
  const { boxRef, atmRef } = useCentredAtm(key, chain.data !== undefined);
  return (
    <Card className="space-y-3" aria-label="Option chain">
      {chain.isPending ? <Spinner /> : null}
      {chain.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(chain.error, 'Could not load the option chain')}
        </p>
      ) : null}
      {chain.data ? (
        <>
          <ChainHeader chain={chain.data} />
          {compact ? null : (
            <Switch
              label="Show Greeks"
              description="Delta, gamma, theta (₹ per day) and vega (₹ per volatility point), per unit"
              checked={showGreeks}
              onChange={setShowGreeks}
            />
          )}
          <p className="text-xs text-slate-600 dark:text-slate-300">
            Shaded cells are in the money. OI bars are simulated open interest, a model figure, not exchange
            data.
          </p>
          <div
            ref={boxRef}
            tabIndex={0}
            aria-label="Strikes"
            className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200 dark:border-slate-700"
          >
            {compact ? (
              <ChainCompact chain={chain.data} showGreeks={false} onAdd={onAdd} atmRef={atmRef} />
            ) : (
              <ChainTable chain={chain.data} showGreeks={showGreeks} onAdd={onAdd} atmRef={atmRef} />
            )}
          </div>
        </>
      ) : null}
    </Card>
  );
}
