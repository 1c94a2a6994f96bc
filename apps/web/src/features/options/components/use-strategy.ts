import { useCallback, useState } from 'react';
import { legKey, type StrategyLeg } from '../lib/strategy';

/** Lots a leg may carry here; more is a typo on this screen (the order path has its own limits). */
export const MAX_LEG_LOTS = 50;

/** The legs being built. Adding the same contract on the same side again adds a lot to it. */
export function useStrategy() {
  const [legs, setLegs] = useState<StrategyLeg[]>([]);

  const add = useCallback((leg: StrategyLeg) => {
    setLegs((current) => {
      const key = legKey(leg);
      const existing = current.find((l) => legKey(l) === key);
      if (!existing) return [...current, leg];
      return current.map((l) => (legKey(l) === key ? { ...l, lots: Math.min(MAX_LEG_LOTS, l.lots + 1) } : l));
    });
  }, []);

  const setLots = useCallback((key: string, lots: number) => {
    if (!Number.isInteger(lots) || lots < 1 || lots > MAX_LEG_LOTS) return;
    setLegs((current) => current.map((l) => (legKey(l) === key ? { ...l, lots } : l)));
  }, []);

  /** A leg's limit as typed; the builder refuses to place one off the ₹0.05 tick. */
  const setLimit = useCallback((key: string, limit: number) => {
    if (!Number.isFinite(limit) || limit < 0) return;
    setLegs((current) => current.map((l) => (legKey(l) === key ? { ...l, limit } : l)));
  }, []);

  const remove = useCallback((key: string) => {
    setLegs((current) => current.filter((l) => legKey(l) !== key));
  }, []);

  const clear = useCallback(() => setLegs([]), []);

  return { legs, add, setLots, setLimit, remove, clear };
}

export type StrategyState = ReturnType<typeof useStrategy>;
