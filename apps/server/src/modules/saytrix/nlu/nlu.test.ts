import { describe, expect, it } from 'vitest';
import { expectParse, read } from './nlu.test-support.js';

// Issue 24's failure classes, each with phrasings written for these tests (not taken from set A).

describe('a question never becomes an action', () => {
  it.each([
    ['did my sell order go through?', 'SELL'],
    ['has my buy order been executed', 'BUY'],
    ['was the sell for wipro filled', 'SELL'],
    ["why hasn't my infy sell filled yet", 'SELL'],
  ])('%s → orders status', (message, side) => {
    expectParse(message, { intent: 'orders', op: 'status', side, imperative: undefined });
  });

  it.each(['can I afford 10 TCS?', 'do i have enough cash for 20 itc', 'can i afford five infosys shares'])(
    '%s → a cash question',
    (message) => expectParse(message, { intent: 'cash', imperative: undefined }),
  );

  it.each(['should I buy infosys?', 'would it be wise to sell wipro now', 'is it the right time to buy tcs'])(
    '%s → a tip refusal, no action',
    (message) => expectParse(message, { tip: true, imperative: undefined }),
  );

  it.each([
    ['how do I set a stop loss', 'explain'],
    ['what happens if I sell now', 'explain'],
    ['what if i sell 10 tcs', 'fees'],
    ['how to place a limit order?', 'explain'],
  ])('%s → %s, never a trade', (message, intent) => {
    const p = read(message);
    expect({ message, intent: p.intent, imperative: p.imperative }).toEqual({
      message,
      intent,
      imperative: undefined,
    });
  });

  it.each([
    ['remove wipro from my watchlist', 'WIPRO'],
    ['take hdfc bank off my watch list', 'HDFCBANK'],
    ['watchlist se itc hatao', 'ITC'],
    ["i don't want tcs in my watchlist any more", 'TCS'],
    ['stop tracking airtel', 'BHARTIARTL'],
  ])('%s → watchlist remove, never add', (message, symbol) => {
    expectParse(message, { intent: 'watchlist', op: 'remove', symbols: [symbol], imperative: true });
  });

  it.each([
    ['buy 5 itc', 'buy', { quantity: 5 }],
    ['itc ke 5 share le lo', 'buy', { quantity: 5 }],
    ['cancel my tcs order', 'orders', { op: 'cancel' }],
    ['delete the reliance alert', 'alert', { op: 'delete' }],
    [
      'add a note to my last infy trade: bought after the results',
      'journal',
      { op: 'note', note: 'bought after the results' },
    ],
  ])('%s → an instruction (%s)', (message, intent, slots) => {
    expectParse(message, { intent, imperative: true, ...slots });
  });

  it('is tcs in my watchlist? is a question about the list', () => {
    expectParse('is tcs in my watchlist?', { intent: 'watchlist', op: 'list', imperative: undefined });
  });
});

describe('a Hinglish price is a LIMIT', () => {
  it.each([
    ['100 share le lo 1100 pe', 100, 1100],
    ['reliance ke 10 share 1250 par kharido', 10, 1250],
    ['buy 25 wipro @ 250', 25, 250],
    ['buy 3 tcs on 3400', 3, 3400],
  ])('%s → LIMIT at the price', (message, quantity, price) => {
    expectParse(message, { intent: 'buy', quantity, orderType: 'LIMIT', price });
  });
});

describe('words that are not stocks', () => {
  it.each([
    'weather in delhi',
    'will it rain in mumbai today',
    'bitcoin',
    'bitcoin price today',
    'ethereum rate',
    'book a cab to the airport',
    'get me a taxi to the airport',
    'gold rate today in chennai',
    'who won the cricket match',
    'tell me a joke',
    'transfer money to my bank account',
  ])('%s → unknown, no stock', (message) => {
    const p = read(message);
    expect({ message, intent: p.intent, symbols: p.symbols, ambiguous: p.ambiguous }).toEqual({
      message,
      intent: 'unknown',
      symbols: [],
      ambiguous: undefined,
    });
  });

  it.each([
    ['banking sector', 'Financial Services'],
    ['how is the pharma sector doing', 'Healthcare'],
    ['IT stocks today', 'Information Technology'],
    ['auto shares this week', 'Automobile and Auto Components'],
    ['fmcg stocks', 'Fast Moving Consumer Goods'],
  ])('%s → the sector %s, not a company', (message, sector) => {
    const p = read(message);
    expect({
      message,
      intent: p.intent,
      sector: p.sector,
      stock: p.symbols.find((s) => !s.startsWith('NIFTY')),
    }).toEqual({
      message,
      intent: 'sectors',
      sector,
      stock: undefined,
    });
  });

  it.each([
    ['nifty it today', 'NIFTYIT'],
    ['how is nifty bank', 'NIFTYBANK'],
  ])('%s stays the index %s', (message, symbol) => {
    expectParse(message, { intent: 'index', symbols: [symbol] });
  });
});

describe('misspelt names with a misspelt "price"', () => {
  it.each([
    ['relaince prise', 'RELIANCE'],
    ['infosis price', 'INFY'],
    ['whats the pric of wipro', 'WIPRO'],
    ['tata steal share prise', 'TATASTEEL'],
  ])('%s → quote %s', (message, symbol) => {
    expectParse(message, { intent: 'quote', symbols: [symbol] });
  });
});

describe('my book vs the market', () => {
  it.each([
    ['my biggest loser', 'worst'],
    ['which of my stocks lost the most', 'worst'],
    ['my top gainer today', 'best'],
  ])('%s → my portfolio (%s)', (message, focus) => {
    expectParse(message, { intent: 'portfolio', scope: 'my', focus });
  });
  it.each(['top gainers', 'biggest losers in the market today', 'most active stocks'])(
    '%s → market movers',
    (message) => expectParse(message, { intent: 'movers', scope: 'market' }),
  );
  it.each([
    ['my realised pnl', 'realised'],
    ['unrealized profit on my portfolio', 'unrealised'],
    ['what is my total p&l', 'total'],
  ])('%s → P&L %s', (message, pnl) => expectParse(message, { intent: 'portfolio', pnl }));
  it('what moved my portfolio today → contribution', () =>
    expectParse('what moved my portfolio today', { intent: 'portfolio', focus: 'contribution' }));
  it.each([
    ['reliance 52 week high', '52w'],
    ['tcs 200 dma', 'dma200'],
    ['infy 50 day moving average', 'dma50'],
  ])('%s → metric %s', (message, metric) => expectParse(message, { intent: 'quote', metric }));
});
