/**
 * A price path as the market port speaks of it: the ticks of a live path and the test a tick must
 * pass against a level (stop triggers, alerts, limit fills). Every provider answers in these terms.
 */

/** Which side of a level a tick must be on: at or above, at or below, strictly above, strictly below. */
export type TickTest = 'gte' | 'lte' | 'gt' | 'lt';

export function passes(test: TickTest, pricePaise: number, levelPaise: number): boolean {
  switch (test) {
    case 'gte':
      return pricePaise >= levelPaise;
    case 'lte':
      return pricePaise <= levelPaise;
    case 'gt':
      return pricePaise > levelPaise;
    case 'lt':
      return pricePaise < levelPaise;
  }
}

/** A tick of the live path: its time (whole seconds, in ms) and price. */
export interface PathTick {
  ms: number;
  price: number;
}
