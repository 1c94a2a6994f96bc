import { z } from 'zod';
import { symbolParam } from './market.schema.js';
import { lazySchema } from '../lib/lazy-schema.js';

/**
 * How users may name an index: canonical symbol → every accepted spelling (compared after
 * upper-casing and collapsing spaces).
 */
export const INDEX_ALIASES: Record<string, readonly string[]> = {
  NIFTY50: ['NIFTY50', 'NIFTY 50', 'NIFTY', '^NSEI'],
  SENSEX: ['SENSEX', 'BSE SENSEX', '^BSESN'],
  NIFTYBANK: ['NIFTYBANK', 'NIFTY BANK', 'BANKNIFTY', '^NSEBANK'],
  NIFTYIT: ['NIFTYIT', 'NIFTY IT', '^CNXIT'],
};

const aliasToIndex = new Map(
  Object.entries(INDEX_ALIASES).flatMap(([canonical, names]) => names.map((n) => [n, canonical] as const)),
);

/** Parsed user input: an index, a 6-digit BSE code, or a ticker with its exchange suffix removed. */
export type SymbolInput =
  | { kind: 'index'; symbol: string }
  | { kind: 'bse-code'; code: string }
  | { kind: 'ticker'; ticker: string; suffix: 'NS' | 'BO' | null };

const TICKER = /^([A-Z0-9][A-Z0-9&-]{0,19})(?:\.(NS|BO))?$/;
const BSE_CODE = /^(\d{6})(?:\.BO)?$/;

/**
 * Reads RELIANCE, reliance, RELIANCE.NS, RELIANCE.BO, 500325, NIFTY 50, ^NSEI…; undefined when the
 * text cannot be a symbol at all (the API answers 400 'Invalid stock symbol: …' for those).
 */
export function parseSymbolInput(input: string): SymbolInput | undefined {
  const text = input.trim().toUpperCase().replace(/\s+/g, ' ');
  const index = aliasToIndex.get(text);
  if (index) return { kind: 'index', symbol: index };
  const code = BSE_CODE.exec(text);
  if (code) return { kind: 'bse-code', code: code[1]! };
  const ticker = TICKER.exec(text);
  if (ticker)
    return { kind: 'ticker', ticker: ticker[1]!, suffix: (ticker[2] as 'NS' | 'BO' | undefined) ?? null };
  return undefined;
}

export const isWellFormedSymbol = (input: string) => parseSymbolInput(input) !== undefined;

/** A symbol in a path or list: well-formed or a 400 naming it. */
export const marketSymbolSchema = lazySchema(() =>
  symbolParam.refine(isWellFormedSymbol, {
    error: (issue) => `Invalid stock symbol: ${String(issue.input)}`,
  }),
);
export const symbolParamsSchema = lazySchema(() => z.object({ symbol: marketSymbolSchema }));
/** /stocks/validate answers isValid:false for anything, so it takes any short text. */
export const validateParamsSchema = lazySchema(() => z.object({ symbol: symbolParam }));
export const exchangeParamsSchema = lazySchema(() =>
  z.object({
    exchange: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(
        z.enum(['NSE', 'BSE', 'NASDAQ', 'NYSE', 'INDEX'], {
          error: 'Exchange must be NSE, BSE, NASDAQ, NYSE or INDEX',
        }),
      ),
  }),
);
