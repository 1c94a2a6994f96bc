import { useId } from 'react';
import type { OptionChain } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { onOptionTick } from '../lib/strategy';
import { MarginCosts } from './margin-costs';
import { OrderSettingsPicker } from './order-settings';
import { NudgeList } from './nudge-list';
import { PayoffChart } from './payoff-chart';
import { StrategyLegs } from './strategy-legs';
import { StrategySummary } from './strategy-summary';
import { usePlaceStrategy } from './use-place-strategy';
import { useOrderSettings } from './use-order-settings';
import { useStrategyFigures } from './use-strategy-figures';
import type { StrategyState } from './use-strategy';

function Outcomes({ outcomes }: { outcomes: ReturnType<typeof usePlaceStrategy>['outcomes'] }) {
  if (outcomes.length === 0) return null;
  return (
    <ul aria-label="Placed legs" className="space-y-1 text-sm">
      {outcomes.map((o) => (
        <li
          key={`${o.side}:${o.tradingsymbol}`}
          className={o.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}
        >
          {o.side} {o.tradingsymbol}: {o.ok ? `placed (${o.detail.toLowerCase()})` : `refused: ${o.detail}`}
        </li>
      ))}
    </ul>
  );
}

export function StrategyBuilder({
  strategy,
  chain,
  daysToExpiry,
}: {
  strategy: StrategyState;
  chain: OptionChain;
  daysToExpiry: number;
}) {
  const reasonId = useId();
  const settings = useOrderSettings();
  const limits = settings.orderType === 'LIMIT';
  const f = useStrategyFigures(strategy.legs, chain, daysToExpiry, limits);
  const placer = usePlaceStrategy(strategy.clear);
  const empty = strategy.legs.length === 0;
  const offTick = limits && strategy.legs.some((l) => !onOptionTick(l.limit));
  const blocked = f.blocked ?? (offTick ? 'Each limit must be a positive multiple of ₹0.05' : null);
  return (
    <Card aria-label="Strategy builder" className="space-y-4">
      <CardTitle
        action={
          empty ? null : (
            <Button variant="ghost" size="sm" onClick={strategy.clear}>
              Clear
            </Button>
          )
        }
      >
        Strategy builder
      </CardTitle>
      {empty ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Press B (buy) or S (sell) beside a call or put in the chain to add a leg.
        </p>
      ) : (
        // Two columns while the builder spans the page under the chain; one beside it on wide screens.
        <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-1">
          <div className="min-w-0 space-y-4">
            <StrategyLegs strategy={strategy} lotSize={chain.lotSize} limits={limits} />
            <PayoffChart points={f.curve} spot={chain.spot} />
          </div>
          <div className="min-w-0 space-y-4">
            <StrategySummary summary={f.summary} greeks={f.greeks} netPremium={f.premium} />
            <MarginCosts margin={f.margin} loading={f.marginLoading} error={f.marginError} costs={f.costs} />
            <NudgeList nudges={f.nudges} />
          </div>
        </div>
      )}
      <div className="space-y-2">
        {empty ? null : <OrderSettingsPicker settings={settings} />}
        <Button
          className="w-full"
          onClick={() => void placer.run(strategy.legs, chain.lotSize, settings)}
          disabled={blocked !== null}
          loading={placer.pending}
          aria-describedby={blocked ? reasonId : undefined}
        >
          {empty
            ? 'Place orders'
            : `Place ${strategy.legs.length} ${strategy.legs.length === 1 ? 'order' : 'orders'}`}
        </Button>
        {blocked ? (
          <p id={reasonId} className="text-sm text-slate-700 dark:text-slate-200">
            {blocked}
          </p>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Each leg goes as its own {limits ? 'limit' : 'market'} order ({settings.product}), one after
          another, as a Kite basket does: the legs are not atomic, so one can fill while another is refused.
          {limits
            ? ' A limit the market does not meet now rests until the bid or ask reaches it, you cancel it on Orders, or the session ends; meanwhile it holds its margin, premium and charges in Reserved.'
            : ''}
          {settings.product === 'MIS'
            ? ' MIS positions still open at 15:25 are closed at market (₹59 each).'
            : ''}
        </p>
        <Outcomes outcomes={placer.outcomes} />
      </div>
    </Card>
  );
}
