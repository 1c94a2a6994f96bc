import { describe, expect, it } from 'vitest';
import { parse, type Parsed } from '../saytrix.grammar.js';
import { StockFinder } from '../saytrix.stocks.js';
import { bundledInstruments } from '../saytrix.fixtures.test-support.js';

const finder = new StockFinder(bundledInstruments());
const NOW = new Date('2026-11-23T06:00:00Z');
const read = (message: string): Parsed => parse(message, finder, {}, NOW);

describe('options questions', () => {
  it.each([
    ['nifty option chain', { underlying: 'NIFTY', ask: 'chain' }],
    ['show me the bank nifty options', { underlying: 'BANKNIFTY', ask: 'chain' }],
    [
      'what is the price of nifty 24000 ce',
      { underlying: 'NIFTY', ask: 'contract', strike: 24000, type: 'CE' },
    ],
    ['NIFTY 26000 put premium', { underlying: 'NIFTY', ask: 'contract', strike: 26000, type: 'PE' }],
    // Hinglish "pe" after a strike is the put, not "at 24000".
    ['nifty 24000 pe kitne ka hai', { underlying: 'NIFTY', ask: 'contract', strike: 24000, type: 'PE' }],
    ['banknifty 58000 call monthly', { underlying: 'BANKNIFTY', ask: 'contract', expiryHint: 'monthly' }],
    ['how much is the nifty atm straddle', { underlying: 'NIFTY', ask: 'straddle' }],
    ['when is the next nifty expiry', { underlying: 'NIFTY', ask: 'expiry' }],
    ['bank nifty lot size', { underlying: 'BANKNIFTY', ask: 'lot' }],
    ['nifty futures price', { underlying: 'NIFTY', ask: 'future' }],
    ["what's india vix at", { ask: 'vix' }],
    ['show my options positions', { ask: 'positions' }],
    ['NIFTY26D0124000CE', { ask: 'contract', tradingsymbol: 'NIFTY26D0124000CE' }],
    ['price of NIFTY26DECFUT', { ask: 'contract', tradingsymbol: 'NIFTY26DECFUT' }],
    ['reliance options', { ask: 'stock-options' }],
  ])('%s', (message, expected) => {
    const parsed = read(message);
    expect(parsed.intent).toBe('options');
    expect(parsed.option).toMatchObject(expected);
  });

  it('a buy of an option is a question answered with the quote, never an order proposal', () => {
    const parsed = read('buy 1 lot of nifty 24000 call');
    expect(parsed.intent).toBe('options');
    expect(parsed.option).toMatchObject({ ask: 'contract', strike: 24000, type: 'CE', wantsTrade: true });
    expect(parsed.imperative).toBeUndefined();
  });

  it.each([
    ['what are options', 'explain'],
    ['how do futures work', 'explain'],
    ['nifty', 'index'],
    ['how is bank nifty today', 'index'],
    ['reliance 1100 pe kharido', 'buy'],
    ['open the options lab', 'navigate'],
  ])('leaves "%s" to %s', (message, intent) => {
    expect(read(message).intent).toBe(intent);
  });

  it.each([
    ['is my NIFTY26D0124300CE order filled?', 'status', undefined],
    ['status of my NIFTY26DECFUT order', 'status', undefined],
    ['what happened to my pending BANKNIFTY26DEC52000PE order', 'status', undefined],
    ['cancel my NIFTY26D0124300CE order', 'cancel', true],
    ['withdraw the NIFTY26D0124300CE buy', 'cancel', true],
    ['should i cancel my NIFTY26D0124300CE order?', 'cancel', false],
  ])('"%s" is about the order in that contract (%s), not its quote', (message, op, imperative) => {
    const parsed = read(message);
    expect(parsed.intent).toBe('orders');
    expect(parsed.op).toBe(op);
    expect(parsed.symbols).toEqual([/[A-Z0-9]+(CE|PE|FUT)/.exec(message)![0]]);
    expect(parsed.imperative).toBe(imperative);
  });
});
