import { useMemo } from 'react';
import type { MarginLeg, OptionChain } from '@nivesh/shared';
import { useAccount } from '../../account/api/account-api';
import { errorMessage } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/money-format';
import { useOptionMargin } from '../api/options-api';
import { strategyCosts } from '../lib/costs';
import { strategyNudges } from '../lib/nudges';
import { riskFreeRateOn, yearFraction } from '../lib/option-math';
import { chartRange, payoffCurve, payoffSummary } from '../lib/payoff';
import { netGreeks, netPremium, onOptionTick, units, type StrategyLeg } from '../lib/strategy';

/**
 * Everything the builder shows for its legs: payoff, Greeks, costs, nudges, margin and whether it
 * may be placed. With `limits`, a bought leg's premium is counted at its limit (what a resting
 * limit holds), not at the ask.
 */
export function useStrategyFigures(
  legs: readonly StrategyLeg[],
  chain: OptionChain,
  daysToExpiry: number,
  limits = false,
) {
  const lotSize = chain.lotSize;
  const marginLegs = useMemo<MarginLeg[]>(
    () =>
      legs.map((l) => ({
        tradingsymbol: l.tradingsymbol,
        side: l.side,
        quantity: units(l, lotSize),
        ...(limits && onOptionTick(l.limit) ? { price: l.limit } : {}),
      })),
    [legs, lotSize, limits],
  );
  const margin = useOptionMargin(marginLegs);
  const account = useAccount();

  const figures = useMemo(() => {
    const day = chain.asOf.slice(0, 10);
    const market = {
      T: yearFraction(Date.parse(chain.asOf), chain.expiry),
      carry: chain.future / chain.spot,
      r: riskFreeRateOn(day),
    };
    const costs = strategyCosts(legs, lotSize, day);
    return {
      summary: payoffSummary(legs, lotSize),
      curve: payoffCurve(legs, lotSize, chartRange(legs, chain.spot), market),
      greeks: netGreeks(legs, lotSize),
      premium: netPremium(legs, lotSize),
      costs,
      nudges: strategyNudges(legs, daysToExpiry, costs),
    };
  }, [legs, lotSize, chain, daysToExpiry]);

  const cash = account.data?.availableCash;
  const needed = margin.data?.total;
  let blocked: string | null = null;
  if (legs.length === 0) blocked = 'Add a leg from the chain first.';
  else if (margin.isError) blocked = 'The margin could not be worked out, so the order is not sent.';
  else if (needed === undefined || margin.isFetching) blocked = 'Working out the margin…';
  else if (cash === undefined) blocked = 'Reading your available cash…';
  else if (needed > cash)
    blocked = `Needs ${formatRupees(needed)} of margin; you have ${formatRupees(cash)} available.`;

  return {
    ...figures,
    margin: margin.data,
    marginLoading: margin.isFetching,
    marginError: margin.isError ? errorMessage(margin.error, 'Could not work out the margin') : null,
    blocked,
  };
}
