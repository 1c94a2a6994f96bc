import { computeFees, plural, rupeesToPaise } from '@nivesh/shared';

/** The suggested quantities shown under the order form's quantity field. */
export const BUY_SHARE_PRESETS = [1, 5, 10, 25, 50, 100] as const;
export const BUY_MIN_PRESET_COST = 500;
export const AMOUNT_PRESETS = [1000, 2500, 5000, 10000] as const;
export const CASH_PERCENTS = [25, 50, 75, 100] as const;
export const SELL_SHARE_PRESETS = [1, 5, 10, 25, 50, 100] as const;
export const SELL_PERCENTS = [25, 50, 75] as const;
export const MAX_SUGGESTIONS = 6;

export interface QuantitySuggestion {
  label: string;
  quantity: number;
}

export interface SuggestionInput {
  side: 'BUY' | 'SELL';
  /** Price per share the order would fill at (rupees). */
  price: number;
  availableCash: number;
  /** Shares held and not reserved by resting sells. */
  availableQuantity: number;
}

/** What buying `quantity` at `pricePaise` debits, fees included, in paise. */
function buyCostPaise(quantity: number, pricePaise: bigint): bigint {
  const value = pricePaise * BigInt(quantity);
  return value + computeFees('BUY', value).total;
}

/** The most shares whose cost with fees fits in `budget` rupees. */
export function maxAffordableQuantity(budget: number, price: number): number {
  if (!(price > 0) || !(budget > 0)) return 0;
  const pricePaise = rupeesToPaise(price);
  const budgetPaise = rupeesToPaise(budget);
  let quantity = Number(budgetPaise / pricePaise);
  while (quantity > 0 && buyCostPaise(quantity, pricePaise) > budgetPaise) quantity -= 1;
  return quantity;
}

/**
 * Keeps the smallest, the largest and an even spread between, so a long list still offers both a
 * cautious and an all-in choice.
 */
function spread(list: QuantitySuggestion[]): QuantitySuggestion[] {
  if (list.length <= MAX_SUGGESTIONS) return list;
  const picked = new Set<number>();
  for (let i = 0; i < MAX_SUGGESTIONS; i += 1)
    picked.add(Math.round((i * (list.length - 1)) / (MAX_SUGGESTIONS - 1)));
  return [...picked].map((i) => list[i]!);
}

/** One option per quantity (the first label offered wins), smallest first, at most six. */
function finish(candidates: QuantitySuggestion[]): QuantitySuggestion[] {
  const byQuantity = new Map<number, QuantitySuggestion>();
  for (const c of candidates)
    if (c.quantity >= 1 && !byQuantity.has(c.quantity)) byQuantity.set(c.quantity, c);
  return spread([...byQuantity.values()].sort((a, b) => a.quantity - b.quantity));
}

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

export function suggestQuantities({
  side,
  price,
  availableCash,
  availableQuantity,
}: SuggestionInput): QuantitySuggestion[] {
  if (!(price > 0)) return [];
  if (side === 'SELL') {
    const held = Math.max(0, Math.floor(availableQuantity));
    if (held === 0) return [];
    return finish([
      { label: 'All', quantity: held },
      ...SELL_PERCENTS.map((p) => ({ label: `${p}%`, quantity: Math.floor((held * p) / 100) })),
      ...SELL_SHARE_PRESETS.filter((n) => n <= held).map((n) => ({
        label: plural(n, 'share'),
        quantity: n,
      })),
    ]);
  }
  const affordable = maxAffordableQuantity(availableCash, price);
  if (affordable === 0) return [];
  return finish([
    ...CASH_PERCENTS.map((p) => ({
      label: p === 100 ? 'Max' : `${p}% cash`,
      quantity: maxAffordableQuantity((availableCash * p) / 100, price),
    })),
    ...AMOUNT_PRESETS.filter((a) => a <= availableCash).map((a) => ({
      label: `₹${rupees.format(a)}`,
      quantity: maxAffordableQuantity(a, price),
    })),
    ...BUY_SHARE_PRESETS.filter((n) => n * price >= BUY_MIN_PRESET_COST && n <= affordable).map((n) => ({
      label: plural(n, 'share'),
      quantity: n,
    })),
  ]);
}
