import { z } from 'zod';
import { productSchema } from './product.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * The glossary: every money figure the app shows has one name, one definition and one formula,
 * here. The server computes an account's figures with `computeFigures`; a screen whose prices tick
 * runs the same function on the server's inputs with the live prices, so no two screens disagree.
 * Money crosses the API as rupees with 2 decimals; the math below is done in whole paise.
 */
export const FIGURE_KEYS = [
  'totalValue',
  'availableCash',
  'reserved',
  'invested',
  'holdingsValue',
  'unrealisedPnl',
  'realisedPnl',
  'totalPnl',
  'daysPnl',
  'holdings',
  'totalBought',
  'totalSold',
  'successRate',
  'bestTrade',
  'chargesShare',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

export interface FigureDefinition {
  /** The one name every screen shows the figure under. */
  name: string;
  /** What it is, for the info tooltip beside the name. */
  definition: string;
}

export const FIGURES: Record<FigureKey, FigureDefinition> = {
  totalValue: {
    name: 'Total Value',
    definition:
      'All your cash (reserved included), your holdings at live prices, and your open options and futures at their value now (a sold option less its buy-back cost, a future at its P&L).',
  },
  availableCash: {
    name: 'Available Cash',
    definition: 'Cash you can spend now: your cash minus Reserved.',
  },
  reserved: {
    name: 'Reserved',
    definition:
      'Cash held back for your resting buy orders (price, quantity and fees) and as margin for open options and futures. It returns to Available Cash when they are cancelled, expire or close.',
  },
  invested: {
    name: 'Invested',
    definition:
      'What the shares you hold now cost, buy fees included (their average price × quantity). Shares you have sold are not counted.',
  },
  holdingsValue: {
    name: 'Holdings Value',
    definition: 'The shares you hold now, valued at live prices.',
  },
  unrealisedPnl: {
    name: 'Unrealised P&L',
    definition: 'Profit or loss on the shares you still hold: Holdings Value minus Invested.',
  },
  realisedPnl: {
    name: 'Realised P&L',
    definition:
      'Profit or loss locked in by your sells (what each netted after fees minus what those shares cost) and by options and futures closed or settled.',
  },
  totalPnl: {
    name: 'Total P&L',
    definition: 'Realised P&L plus Unrealised P&L plus the P&L of open options and futures.',
  },
  daysPnl: {
    name: "Day's P&L",
    definition:
      "Today's move of the shares you hold: for shares held since before today, from yesterday's close; for shares bought today, from their buy price (fees included).",
  },
  holdings: {
    name: 'Holdings',
    definition: 'How many different stocks you hold now.',
  },
  totalBought: {
    name: 'Total Bought',
    definition:
      'Price × quantity of the completed buys in the list (all of them when no filter is on), fees not included.',
  },
  totalSold: {
    name: 'Total Sold',
    definition:
      'Price × quantity of the completed sells in the list (all of them when no filter is on), fees not included.',
  },
  successRate: {
    name: 'Success Rate',
    definition:
      'Of the orders in the list that have finished, the share that filled: filled ÷ (filled + rejected + expired). Pending orders have not finished and are not counted; rewards are not orders; orders you cancelled are not listed.',
  },
  bestTrade: {
    name: 'Best Trade',
    definition:
      'Your most profitable sell so far (realised, after fees). A sell that lost money is never the best trade: until one makes a profit there is none.',
  },
  chargesShare: {
    name: 'Charges share',
    definition:
      'Charges on the shares you sold (their sell charges and their part of the buy charges) ÷ gross realised P&L × 100: how much of what those sales made before charges went on charges. None when gross realised P&L is zero or a loss: a share of nothing, or of a loss, means nothing.',
  },
};

/** The glossary's Success Rate: filled ÷ finished × 100, one decimal; null while no order has finished. */
export function successRatePercent(filled: number, finished: number): number | null {
  return finished === 0 ? null : Math.round((filled / finished) * 1000) / 10;
}

/** One open holding as the figures need it; rupees with 2 decimals. */
export const figurePositionSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    /** A symbol held both for delivery and intraday is two positions; this tells them apart. */
    product: productSchema.optional(),
    quantity: z.number().int().min(0),
    /** Cost basis of the shares held, buy fees included. */
    invested: z.number(),
    /** How many of the held shares were bought today (at most `quantity`). */
    todayQuantity: z.number().int().min(0),
    /** What those shares cost, buy fees included. */
    todayCost: z.number(),
    /** The live price the figures were computed at. */
    price: z.number(),
    /** Yesterday's close; null when the market has none (then the old shares count as unchanged today). */
    previousClose: z.number().nullable(),
  }),
);
export type FigurePosition = z.infer<typeof figurePositionSchema>;

/** The portfolio's options and futures as the figures need them (the Options Lab); rupees. */
export const figureDerivativesSchema = lazySchema(() =>
  z.object({
    /** Open positions at their value now: options at LTP × signed quantity, futures at their P&L. */
    value: z.number(),
    /** Open positions' P&L at their prices now. */
    unrealisedPnl: z.number(),
    /** Locked in by closing or settling positions, charges not included (they are cash already). */
    realisedPnl: z.number(),
  }),
);
export type FigureDerivatives = z.infer<typeof figureDerivativesSchema>;

export const figureInputsSchema = lazySchema(() =>
  z.object({
    /** All cash, reserved included. */
    cash: z.number(),
    reserved: z.number(),
    realisedPnl: z.number(),
    positions: z.array(figurePositionSchema),
    /** Absent when the portfolio has never held an option or a future. */
    derivatives: figureDerivativesSchema.optional(),
  }),
);
export type FigureInputs = z.infer<typeof figureInputsSchema>;

export const positionFiguresSchema = lazySchema(() =>
  z.object({
    symbol: z.string(),
    product: productSchema.optional(),
    value: z.number(),
    unrealisedPnl: z.number(),
    unrealisedPnlPercent: z.number(),
    daysPnl: z.number(),
    daysPnlPercent: z.number(),
  }),
);
export type PositionFigures = z.infer<typeof positionFiguresSchema>;

export const accountFiguresSchema = lazySchema(() =>
  z.object({
    totalValue: z.number(),
    availableCash: z.number(),
    reserved: z.number(),
    invested: z.number(),
    holdingsValue: z.number(),
    unrealisedPnl: z.number(),
    /** Unrealised P&L / Invested × 100, 2 decimals; 0 with nothing invested. */
    unrealisedPnlPercent: z.number(),
    realisedPnl: z.number(),
    totalPnl: z.number(),
    daysPnl: z.number(),
    /** Day's P&L / what the held shares were worth at the start of today × 100, 2 decimals. */
    daysPnlPercent: z.number(),
    holdings: z.number().int(),
    positions: z.array(positionFiguresSchema),
    /** Open options and futures at their value now (part of Total Value); absent without any. */
    derivativesValue: z.number().optional(),
  }),
);
export type AccountFigures = z.infer<typeof accountFiguresSchema>;

/** The figures and what they were computed from, so a client can recompute them at live prices. */
export const figuresWithInputsSchema = lazySchema(() =>
  z.object({
    figures: accountFiguresSchema,
    inputs: figureInputsSchema,
  }),
);
export type FiguresWithInputs = z.infer<typeof figuresWithInputsSchema>;

const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: number) => paise / 100;
const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;

/** Every figure of one account, from its cash, reservations, realised P&L and priced positions. */
export function computeFigures(inputs: FigureInputs): AccountFigures {
  const cash = toPaise(inputs.cash);
  const reserved = toPaise(inputs.reserved);
  let invested = 0;
  let holdingsValue = 0;
  let daysPnl = 0;
  let dayBase = 0;
  const positions: PositionFigures[] = [];
  for (const p of inputs.positions) {
    if (p.quantity <= 0) continue;
    const price = toPaise(p.price);
    const cost = toPaise(p.invested);
    const value = price * p.quantity;
    const todayQuantity = Math.min(p.todayQuantity, p.quantity);
    const oldQuantity = p.quantity - todayQuantity;
    // Shares held before today move from yesterday's close; shares bought today from what they cost.
    const oldBase = oldQuantity * (p.previousClose === null ? price : toPaise(p.previousClose));
    const todayBase = todayQuantity === 0 ? 0 : toPaise(p.todayCost);
    const base = oldBase + todayBase;
    const day = value - base;
    invested += cost;
    holdingsValue += value;
    daysPnl += day;
    dayBase += base;
    positions.push({
      symbol: p.symbol,
      ...(p.product ? { product: p.product } : {}),
      value: toRupees(value),
      unrealisedPnl: toRupees(value - cost),
      unrealisedPnlPercent: percentOf(value - cost, cost),
      daysPnl: toRupees(day),
      daysPnlPercent: percentOf(day, base),
    });
  }
  const unrealised = holdingsValue - invested;
  const d = inputs.derivatives;
  const derivativesValue = d ? toPaise(d.value) : 0;
  const realised = toPaise(inputs.realisedPnl) + (d ? toPaise(d.realisedPnl) : 0);
  const derivativesPnl = d ? toPaise(d.unrealisedPnl) : 0;
  return {
    totalValue: toRupees(cash + holdingsValue + derivativesValue),
    availableCash: toRupees(cash - reserved),
    reserved: toRupees(reserved),
    invested: toRupees(invested),
    holdingsValue: toRupees(holdingsValue),
    unrealisedPnl: toRupees(unrealised),
    unrealisedPnlPercent: percentOf(unrealised, invested),
    realisedPnl: toRupees(realised),
    totalPnl: toRupees(realised + unrealised + derivativesPnl),
    daysPnl: toRupees(daysPnl),
    daysPnlPercent: percentOf(daysPnl, dayBase),
    holdings: positions.length,
    positions,
    ...(d ? { derivativesValue: toRupees(derivativesValue) } : {}),
  };
}

/** The inputs re-priced at newer live prices (symbol → price, previous close); the others keep theirs. */
export function repriceInputs(
  inputs: FigureInputs,
  live: ReadonlyMap<string, { price: number; previousClose: number | null }>,
): FigureInputs {
  return {
    ...inputs,
    positions: inputs.positions.map((p) => {
      const quote = live.get(p.symbol);
      return quote ? { ...p, price: quote.price, previousClose: quote.previousClose } : p;
    }),
  };
}

/**
 * The part of a holding bought today, with average costing: today's buys (quantity and cost, fees
 * included) are kept as long as the holding is at least that large; sells are taken from the older
 * shares first, and what today's buys exceed the holding by is taken off at their average cost.
 */
export function todaysShare(
  heldQuantity: number,
  boughtTodayQuantity: number,
  boughtTodayCost: number,
): { quantity: number; cost: number } {
  if (boughtTodayQuantity <= 0 || heldQuantity <= 0) return { quantity: 0, cost: 0 };
  const quantity = Math.min(heldQuantity, boughtTodayQuantity);
  const cost = Math.round((toPaise(boughtTodayCost) * quantity) / boughtTodayQuantity);
  return { quantity, cost: toRupees(cost) };
}
