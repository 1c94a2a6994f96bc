import { describe, expect, it } from 'vitest';
import { marketSymbolSchema, parseSymbolInput } from './symbols.js';

describe('symbol input', () => {
  it('reads tickers with or without exchange suffix, BSE codes and index aliases', () => {
    expect(parseSymbolInput('reliance')).toEqual({ kind: 'ticker', ticker: 'RELIANCE', suffix: null });
    expect(parseSymbolInput('RELIANCE.NS')).toEqual({ kind: 'ticker', ticker: 'RELIANCE', suffix: 'NS' });
    expect(parseSymbolInput('reliance.bo')).toEqual({ kind: 'ticker', ticker: 'RELIANCE', suffix: 'BO' });
    expect(parseSymbolInput('500325')).toEqual({ kind: 'bse-code', code: '500325' });
    expect(parseSymbolInput('M&M')).toEqual({ kind: 'ticker', ticker: 'M&M', suffix: null });
    expect(parseSymbolInput('BAJAJ-AUTO.NS')).toEqual({ kind: 'ticker', ticker: 'BAJAJ-AUTO', suffix: 'NS' });
    for (const alias of ['NIFTY50', 'nifty 50', '^NSEI', 'NIFTY  50'])
      expect(parseSymbolInput(alias)).toEqual({ kind: 'index', symbol: 'NIFTY50' });
    expect(parseSymbolInput('^BSESN')).toEqual({ kind: 'index', symbol: 'SENSEX' });
    expect(parseSymbolInput('^NSEBANK')).toEqual({ kind: 'index', symbol: 'NIFTYBANK' });
    expect(parseSymbolInput('^CNXIT')).toEqual({ kind: 'index', symbol: 'NIFTYIT' });
  });

  it('rejects what cannot be a symbol', () => {
    for (const bad of ['RELI ANCE', '$$$', 'A'.repeat(21), 'RELIANCE.XX', '^FOO', '-ABC', ''])
      expect(parseSymbolInput(bad)).toBeUndefined();
    const result = marketSymbolSchema.safeParse('$$$');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid stock symbol: $$$');
  });
});
