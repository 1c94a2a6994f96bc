import { describe, expect, it } from 'vitest';
import { isGibberish } from './gate.js';
import { expectParse, read } from './nlu.test-support.js';

// Round 4 of issue 24: the failure classes of held-out sets A–D, each with phrasings written
// here (none is a held-out sentence).

describe('a learner asking what a term means gets it explained', () => {
  it.each([
    ['what exactly is a dividend?', 'dividend'],
    ['dividend ka matlab kya hai', 'dividend'],
    ['explain ipos to me', 'ipo'],
    ['what is an sip', 'sip'],
    ['how does shorting a stock work', 'short-selling'],
    ['what does t+1 mean', 'settlement'],
    ['bearish matlab', 'bull-bear'],
    ['what is a bull market', 'bull-bear'],
    ['define trading volume', 'volume'],
    ['f&o kya hota hai', 'derivatives'],
    ['how do futures work', 'derivatives'],
    ['what is a gtt order', 'gtt'],
    ['what happens in a stock split', 'split-bonus'],
    ['meaning of demat account', 'demat'],
    ['what is diversification', 'diversification'],
    ['what is intraday', 'product'],
    ['what is a share', 'share'],
  ])('%s → explain %s', (message, concept) =>
    expectParse(message, { intent: 'explain', concept, imperative: undefined }),
  );

  it.each([
    ['highest volume stocks today', 'movers'],
    ['tcs volume today', 'quote'],
    ['show my gtts', 'gtt'],
  ])('the same words outside a definition keep their meaning: %s → %s', (message, intent) =>
    expectParse(message, { intent }),
  );
});

describe('charges asked as amounts are the fees answer', () => {
  it.each([
    ['charges on intraday trades', 'MIS'],
    ['mis charges kitne hain', 'MIS'],
    ['brokerage for delivery', undefined],
    ['what do you charge for a sell', undefined],
    ['gst charged on brokerage', undefined],
    ['dp charge kya hai', undefined],
    ['how much tax on selling shares', undefined],
  ])('%s → fees (product %s)', (message, product) =>
    expectParse(message, { intent: 'fees', product, imperative: undefined }),
  );
  it.each([
    ['what is stt', 'stt'],
    ['what is brokerage', 'brokerage'],
    ['stamp duty meaning', 'stamp-duty'],
  ])('a charge named on its own is defined: %s', (message, concept) =>
    expectParse(message, { intent: 'explain', concept }),
  );
  it('the charges already paid are the trade history', () =>
    expectParse('what did i pay in brokerage', { intent: 'transactions' }));
});

describe('off-topic lines are out of scope, not a clarifying question', () => {
  it.each([
    'can you help me file my income tax return',
    'recommend a bollywood movie',
    'diet tips to lose belly fat',
    'are you a human',
    'how old are you saytrix',
    'open a real demat account for me',
    'is groww better than this app',
    'airtel new plans',
    'delhi mein kitni thand hai',
    "what's the time in tokyo",
    'zxcvb qwrt',
    'sdfghj',
  ])('%s → unknown', (message) => expectParse(message, { intent: 'unknown', imperative: undefined }));

  it('keyboard mashing is told apart from a typo of a word', () => {
    expect(isGibberish('hjkl')).toBe(true);
    expect(isGibberish('portfollio')).toBe(false);
    expect(isGibberish('price of tcs')).toBe(false);
  });

  it.each(['kya kya kar sakte ho', 'what are you capable of'])('%s → help', (message) =>
    expectParse(message, { intent: 'help' }),
  );
});

describe('advice about a stock: the refusal with its quote; about a group: the refusal alone', () => {
  it.each([
    ['is infosys a good buy at this price', 'INFY'],
    ['should i sell my tcs now', 'TCS'],
    ['would you hold reliance', 'RELIANCE'],
  ])('%s → quote of %s, tip, no action', (message, symbol) =>
    expectParse(message, { intent: 'quote', tip: true, symbols: [symbol], imperative: undefined }),
  );
  it.each([
    'best banking shares for long term',
    'best funds to invest in',
    'is it smart to park my salary in pharma stocks',
  ])('%s → the refusal', (message) =>
    expectParse(message, { intent: 'unknown', tip: true, imperative: undefined }),
  );
});

describe('sectors, indices and market screens', () => {
  it.each([
    ['how did pharma do this week', 'Healthcare'],
    ['top losers in metals', 'Metals & Mining'],
    ['auto stocks up or down', 'Automobile and Auto Components'],
  ])('%s → sectors %s', (message, sector) => expectParse(message, { intent: 'sectors', sector }));
  it('a sector with its own index carries it', () =>
    expectParse('how are banks doing today', { intent: 'sectors', symbols: ['NIFTYBANK'] }));
  it.each([
    ['which shares are near a 52 week high', 'gainers'],
    ['stocks making 52-week lows', 'losers'],
    ['top 5 shares that dropped today', 'losers'],
    ['stocks which surged today', 'gainers'],
    ["what's crashing today", 'losers'],
  ])('%s → market movers (%s)', (message, movers) =>
    expectParse(message, { intent: 'movers', movers, scope: 'market' }),
  );
  it('a 52-week figure of one stock stays its quote', () =>
    expectParse('infosys 52 week low', { intent: 'quote', symbols: ['INFY'] }));
  it('"is the market green today" is the index', () =>
    expectParse('is the market green today', { intent: 'index' }));
});

describe('order status, history and screens are never actions', () => {
  it.each([
    ['buy order status', 'BUY'],
    ['has my sell gone through yet', 'SELL'],
  ])('%s → orders status (%s)', (message, side) =>
    expectParse(message, { intent: 'orders', op: 'status', side, imperative: undefined }),
  );
  it.each([
    ['change the infy buy limit to 1500', 'BUY'],
    ['update my itc sell price to 480', 'SELL'],
  ])('%s → modify the resting order, never a new one', (message, side) =>
    expectParse(message, { intent: 'orders', op: 'modify', side }),
  );
  it.each([
    ['my sales this month', 'SELL'],
    ['my buys last week', 'BUY'],
  ])('%s → transactions (%s)', (message, side) => expectParse(message, { intent: 'transactions', side }));
  it.each(['orders that were executed today', 'show completed orders'])('%s → the fills', (message) =>
    expectParse(message, { intent: 'transactions' }),
  );
  it.each([
    ['average buy price of itc', 'ITC'],
    ['my entry price in wipro', 'WIPRO'],
  ])('%s → the holding, never a buy', (message, symbol) =>
    expectParse(message, { intent: 'holding', symbols: [symbol], imperative: undefined }),
  );
  it('"what does X trade at" is its price', () =>
    expectParse('what does wipro trade at', { intent: 'quote', symbols: ['WIPRO'] }));
  it('"how much can i still spend" is the cash', () =>
    expectParse('how much more can i invest today', { intent: 'cash', imperative: undefined }));
  it('"can i cancel an order" asks how, it cancels nothing', () =>
    expectParse('could i modify an order after i place it', { intent: 'help', imperative: undefined }));
  it.each([
    ['i want to sell, take me there', '/trading'],
    ['settings kholo', '/settings'],
    ['dashboard dikhao', '/dashboard'],
  ])('%s → navigate %s', (message, path) => expectParse(message, { intent: 'navigate', path }));
  it('a stock or index named before "dikhao" is its chart, not the screen', () =>
    expectParse('sensex chart dikhao', { intent: 'chart', symbols: ['SENSEX'] }));
  it.each([
    'how disciplined is my trading',
    'meri trading mistakes dikhao',
    'which mistakes do i make most',
    'do i sell profits too soon',
  ])('%s → habits', (message) => expectParse(message, { intent: 'habits' }));
});

describe('typos and Hinglish', () => {
  it.each([
    ['ordres list', 'orders'],
    ['show pending ordrs', 'orders'],
    ['my protfolio', 'portfolio'],
    ['niftee kaisa hai', 'index'],
  ])('%s → %s', (message, intent) => expectParse(message, { intent }));
  it.each([
    ['infy prise', 'INFY'],
    ['tcs pirce', 'TCS'],
    ['wipr0 quote', 'WIPRO'],
    ['icic bank rate', 'ICICIBANK'],
  ])('%s → quote of %s', (message, symbol) => expectParse(message, { intent: 'quote', symbols: [symbol] }));
  it('"shares nikal do" sells; the watchlist "nikal do" removes', () => {
    expectParse('tcs ke teen share nikal do', { intent: 'sell', symbols: ['TCS'], quantity: 3 });
    expectParse('wipro ko watchlist se nikal do', { intent: 'watchlist', op: 'remove', symbols: ['WIPRO'] });
  });
  it('"byu" is buy', () => expectParse('byu 4 itc', { intent: 'buy', symbols: ['ITC'], quantity: 4 }));
  it('Hinglish loss words are the P&L', () => {
    const p = read('aaj kitna ghata hua');
    expect(p).toMatchObject({ intent: 'portfolio', scope: 'my' });
  });
});
