import { useEffect, useState } from 'react';
import type { Underlying } from '@nivesh/shared';
import { useOptionChain, useOptionExpiries } from '../api/options-api';
import { useStrategy } from './use-strategy';

/** The screen's choices: which index, which expiry, Greeks shown, and the strategy being built. */
export function useOptionsScreen() {
  const [underlying, setUnderlyingState] = useState<Underlying>('NIFTY');
  const [expiry, setExpiry] = useState<string | undefined>(undefined);
  const [showGreeks, setShowGreeks] = useState(false);
  const expiries = useOptionExpiries(underlying);
  const chain = useOptionChain(underlying, expiry);
  const strategy = useStrategy();
  const { clear } = strategy;

  // A strategy is built on one index and one expiry: changing either starts a new one.
  useEffect(() => clear(), [underlying, expiry, clear]);

  const setUnderlying = (next: Underlying) => {
    setUnderlyingState(next);
    setExpiry(undefined);
  };

  const chosenExpiry = expiry ?? chain.data?.expiry;
  const daysToExpiry = expiries.data?.expiries.find((e) => e.date === chosenExpiry)?.daysToExpiry;

  return {
    underlying,
    setUnderlying,
    expiry: chosenExpiry,
    setExpiry,
    showGreeks,
    setShowGreeks,
    expiries,
    chain,
    strategy,
    daysToExpiry,
  };
}

export type OptionsScreenState = ReturnType<typeof useOptionsScreen>;
