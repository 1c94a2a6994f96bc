import { describe, expect, it } from 'vitest';
import { parse, type Parsed, type SaytrixContext } from './saytrix.grammar.js';
import { normalise } from './saytrix.normalise.js';
import { StockFinder } from './saytrix.stocks.js';
import { bundledInstruments } from './saytrix.fixtures.test-support.js';

const finder = new StockFinder(bundledInstruments());
const NOW = new Date('2026-11-23T06:00:00Z');
const read = (message: string, context: SaytrixContext = {}) => parse(message, finder, context, NOW);

function expectParse(message: string, expected: Partial<Parsed>, context?: SaytrixContext) {
  const parsed = read(message, context);
  expect({ message, ...pick(parsed, Object.keys(expected) as Array<keyof Parsed>) }).toEqual({
    message,
    ...expected,
  });
}
const pick = (p: Parsed, keys: Array<keyof Parsed>) => Object.fromEntries(keys.map((k) => [k, p[k]]));

describe('normaliser', () => {
  it.each([
    ['Buy ₹1,23,456 worth of TCS', 'buy ₹123456 worth of tcs'],
    ['invest 2 lakh in reliance', 'invest 200000 in reliance'],
    ['1.5 crore', '15000000'],
    ['buy ten shares of infy', 'buy 10 shares of infy'],
    ['sell twenty five wipro', 'sell 25 wipro'],
    ['Rs. 2,500', '₹2500'],
    ['reliance ka bhav kya hai', 'reliance price what is'],
    ['tcs kharido', 'tcs buy'],
    ['infy becho', 'infy sell'],
    ['mera portfolio dikhao', 'my portfolio show'],
    ['5k worth', '5000 worth'],
    ['L & T', 'l&t'],
    // A blind replay's stand-ins keep their letters, even ones that are Hinglish words or fillers.
    ['Price of STOCK-KO', 'price of stock-ko'],
    ['STOCK-YA ko kharido', 'stock-ya buy'],
    ['stock-r aur STOCK-H', 'stock-r aur stock-h'],
  ])('%s → %s', (input, output) => {
    expect(normalise(input).text).toBe(output);
  });
});

describe('stock finder', () => {
  const symbolsOf = (text: string) => read(`price of ${text}`).symbols;
  it.each([
    ['RIL', 'RELIANCE'],
    ['reliance industries', 'RELIANCE'],
    ['SBI', 'SBIN'],
    ['state bank of india', 'SBIN'],
    ['HUL', 'HINDUNILVR'],
    ['L&T', 'LT'],
    ['l and t', 'LT'],
    ['M&M', 'M&M'],
    ['mahindra and mahindra', 'M&M'],
    ['Airtel', 'BHARTIARTL'],
    ['Zomato', 'ETERNAL'],
    ['infosys', 'INFY'],
    ['500325', 'RELIANCE'],
    ['RELIANCE.NS', 'RELIANCE'],
    ['INFY.BO', 'INFY'],
    ['bajaj auto', 'BAJAJ-AUTO'],
    ['BAJAJ-AUTO', 'BAJAJ-AUTO'],
    ['hdfc bank', 'HDFCBANK'],
    ['asian paints', 'ASIANPAINT'],
    ['tatamotors', 'TMPV'],
    ['ltimindtree', 'LTM'],
    ['pidilite', 'PIDILITIND'],
  ])('%s → %s', (text, symbol) => {
    expect(symbolsOf(text)).toEqual([symbol]);
  });

  it.each([
    ['relaince', 'RELIANCE'],
    ['infosis', 'INFY'],
    ['tata steal', 'TATASTEEL'],
    ['maruthi', 'MARUTI'],
    ['britania', 'BRITANNIA'],
  ])('fixes the typo %s → %s', (text, symbol) => {
    const parsed = read(`${text} price`);
    expect(parsed.symbols).toEqual([symbol]);
    expect(parsed.fuzzy).toBe(true);
  });

  it('asks which one when a name fits two companies', () => {
    expect(read('bajaj share price').ambiguous?.options.map((o) => o.symbol)).toEqual([
      'BAJAJ-AUTO',
      'BAJFINANCE',
      'BAJAJFINSV',
    ]);
    expect(read('price of adani').ambiguous?.options.map((o) => o.symbol)).toEqual([
      'ADANIENT',
      'ADANIPORTS',
    ]);
  });

  it('does not take plain English words for symbols unless typed in capitals', () => {
    expect(read('is it a good idea').symbols).toEqual([]);
    expect(read('IDEA price').symbols).toEqual(['IDEA']);
    expect(read('sail price').symbols).toEqual(['SAIL']);
  });
});

describe('grammar', () => {
  it.each([
    ["what's the price of reliance", { intent: 'quote', symbols: ['RELIANCE'] }],
    ['TCS share price', { intent: 'quote', symbols: ['TCS'] }],
    ['how is infy doing today', { intent: 'quote', symbols: ['INFY'] }],
    ['reliance ka bhav', { intent: 'quote', symbols: ['RELIANCE'] }],
    ['tell me about RELIANCE stock', { intent: 'quote', symbols: ['RELIANCE'] }],
    ['airtel?', { intent: 'quote', symbols: ['BHARTIARTL'] }],
    ['quote for hdfc bank', { intent: 'quote', symbols: ['HDFCBANK'] }],
    ['wipro kitne pe chal raha', { intent: 'quote', symbols: ['WIPRO'] }],
  ])('quote: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['show me nifty performance', { intent: 'index', symbols: ['NIFTY50'] }],
    ['how is sensex today', { intent: 'index', symbols: ['SENSEX'] }],
    ['bank nifty level', { intent: 'index', symbols: ['NIFTYBANK'] }],
    ['nifty it', { intent: 'index', symbols: ['NIFTYIT'] }],
    ['how is the market today', { intent: 'index', symbols: ['NIFTY50', 'SENSEX'] }],
    ['market kaisa hai aaj', { intent: 'index', symbols: ['NIFTY50', 'SENSEX'] }],
  ])('index: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ["what are today's top gainers", { intent: 'movers', movers: 'gainers' }],
    ['top losers', { intent: 'movers', movers: 'losers' }],
    ['most active stocks', { intent: 'movers', movers: 'active' }],
    ['biggest movers today', { intent: 'movers', movers: 'gainers' }],
    ['which stocks are down today', { intent: 'movers', movers: 'losers' }],
  ])('movers: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['portfolio analysis', { intent: 'portfolio' }],
    ['how is my portfolio doing', { intent: 'portfolio' }],
    ["what's my P&L", { intent: 'portfolio' }],
    ['my holdings', { intent: 'portfolio' }],
    ['best performing stock in my portfolio', { intent: 'portfolio', focus: 'best' }],
    ['which is my worst holding', { intent: 'portfolio', focus: 'worst' }],
    ['mera portfolio dikhao', { intent: 'portfolio' }],
    ['how am i doing', { intent: 'portfolio' }],
  ])('portfolio: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['how many shares of itc do i have', { intent: 'holding', symbols: ['ITC'] }],
    ['my reliance position', { intent: 'holding', symbols: ['RELIANCE'] }],
    ['am i up on tcs', { intent: 'holding', symbols: ['TCS'] }],
    ['profit on infosys', { intent: 'holding', symbols: ['INFY'] }],
  ])('holding: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['How much cash do I have?', { intent: 'cash' }],
    ['what is my balance', { intent: 'cash' }],
    ['available funds', { intent: 'cash' }],
    ['mere paas kitna paisa hai', { intent: 'cash' }],
    ['how much buying power do i have', { intent: 'cash' }],
    ["what's my reserved cash", { intent: 'cash' }],
  ])('cash: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['show my orders', { intent: 'orders' }],
    ['do i have any pending orders', { intent: 'orders', orderStatus: 'open' }],
    ['order status', { intent: 'orders' }],
    // Executed orders are the fills, the trade book.
    ['which orders got executed', { intent: 'transactions' }],
  ])('orders: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    [
      'what did i buy last week',
      { intent: 'transactions', side: 'BUY', from: new Date('2026-11-16T06:00:00Z') },
    ],
    ['what did I sell', { intent: 'transactions', side: 'SELL' }],
    ['how much fees did i pay', { intent: 'transactions' }],
    ['my trades', { intent: 'transactions' }],
    ['transaction history since 1 july', { intent: 'transactions' }],
  ])('transactions: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['open portfolio', { intent: 'navigate', path: '/portfolio' }],
    ['go to orders page', { intent: 'navigate', path: '/orders' }],
    ['take me to settings', { intent: 'navigate', path: '/settings' }],
    ['open the dashboard', { intent: 'navigate', path: '/dashboard' }],
    ['navigate to news', { intent: 'navigate', path: '/news' }],
    ['open reliance', { intent: 'navigate', path: '/stock/RELIANCE' }],
    ['history page', { intent: 'navigate', path: '/history' }],
  ])('navigate: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['buy 10 shares of tcs', { intent: 'buy', symbols: ['TCS'], quantity: 10 }],
    [
      'buy 10 tcs at 3500',
      { intent: 'buy', symbols: ['TCS'], quantity: 10, orderType: 'LIMIT', price: 3500 },
    ],
    ['tcs kharido 5', { intent: 'buy', symbols: ['TCS'], quantity: 5 }],
    ['purchase fifteen tata steel', { intent: 'buy', symbols: ['TATASTEEL'], quantity: 15 }],
    [
      'buy 10 sbi with stop loss 700',
      { intent: 'buy', symbols: ['SBIN'], quantity: 10, orderType: 'STOP', triggerPrice: 700 },
    ],
    ['buy reliance worth 2 lakh', { intent: 'buy', symbols: ['RELIANCE'], amount: 200000 }],
    ['invest 10000 in itc', { intent: 'buy', symbols: ['ITC'], amount: 10000 }],
    ['buy tcs at market', { intent: 'buy', symbols: ['TCS'], orderType: 'MARKET' }],
    ['buy M&M', { intent: 'buy', symbols: ['M&M'] }],
  ])('buy: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['sell half of my infosys', { intent: 'sell', symbols: ['INFY'], fraction: 'half' }],
    ['sell all my tcs', { intent: 'sell', symbols: ['TCS'], fraction: 'all' }],
    ['10 infy becho', { intent: 'sell', symbols: ['INFY'], quantity: 10 }],
    ['sell twenty shares of wipro', { intent: 'sell', symbols: ['WIPRO'], quantity: 20 }],
    ['exit my position in bajaj auto', { intent: 'sell', symbols: ['BAJAJ-AUTO'] }],
  ])('sell: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it('an action with a mistyped stock asks first instead of proposing the trade', () => {
    const parsed = read('relaince kharido 10');
    expect(parsed).toMatchObject({ intent: 'buy', symbols: [], quantity: 10 });
    expect(parsed.ambiguous?.options.map((o) => o.symbol)).toEqual(['RELIANCE']);
  });

  it.each([
    ['add tcs to my watchlist', { intent: 'watchlist', symbols: ['TCS'] }],
    ['show my watchlist', { intent: 'watchlist', symbols: [] }],
    ['reliance ko watchlist mein daalo', { intent: 'watchlist', symbols: ['RELIANCE'] }],
  ])('watchlist: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['latest market news', { intent: 'news', symbols: [] }],
    ['news about hdfc bank', { intent: 'news', symbols: ['HDFCBANK'] }],
    ['reliance ki khabar', { intent: 'news', symbols: ['RELIANCE'] }],
    ["what's happening with infosys", { intent: 'news', symbols: ['INFY'] }],
  ])('news: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['what is stt', { intent: 'explain', concept: 'stt' }],
    ['explain limit order', { intent: 'explain', concept: 'limit-order' }],
    ['what is a stop loss', { intent: 'explain', concept: 'stop-order' }],
    ['what is tick size', { intent: 'explain', concept: 'tick-size' }],
    ['what is price band', { intent: 'explain', concept: 'price-band' }],
    ['what is GTC', { intent: 'explain', concept: 'gtc-day' }],
    ["what's the PE of TCS", { intent: 'explain', concept: 'pe', symbols: ['TCS'] }],
    ['is the market open', { intent: 'explain', concept: 'market-hours' }],
    // The charges asked as amounts get the schedule (fees); "what is stt" above is the definition.
    ['what charges do you apply', { intent: 'fees' }],
    ['is this real money', { intent: 'explain', concept: 'paper-trading' }],
  ])('explain: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    [
      'how much would it cost to buy 10 reliance',
      { intent: 'fees', symbols: ['RELIANCE'], quantity: 10, side: 'BUY' },
    ],
    ['brokerage for selling 5 infy', { intent: 'fees', symbols: ['INFY'], quantity: 5, side: 'SELL' }],
    ['charges on buying 100 itc', { intent: 'fees', symbols: ['ITC'], quantity: 100, side: 'BUY' }],
  ])('fees: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['compare tcs and infy', { intent: 'compare', symbols: ['TCS', 'INFY'] }],
    ['tcs vs infosys', { intent: 'compare', symbols: ['TCS', 'INFY'] }],
    ['hdfc ya icici', { intent: 'compare', symbols: ['HDFCBANK', 'ICICIBANK'] }],
  ])('compare: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['show me the 1 year chart of tata steel', { intent: 'chart', symbols: ['TATASTEEL'], period: '1Y' }],
    [
      'candlestick chart of reliance for 6 months',
      { intent: 'chart', symbols: ['RELIANCE'], period: '6M', chartType: 'candlestick' },
    ],
    ['infy graph', { intent: 'chart', symbols: ['INFY'] }],
  ])('chart: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    [
      'alert me when reliance goes above 3000',
      { intent: 'alert', symbols: ['RELIANCE'], alertPrice: 3000, condition: 'above' },
    ],
    [
      'set an alert for infy below 1400',
      { intent: 'alert', symbols: ['INFY'], alertPrice: 1400, condition: 'below' },
    ],
    [
      'notify me if tcs drops below ₹3,000',
      { intent: 'alert', symbols: ['TCS'], alertPrice: 3000, condition: 'below' },
    ],
  ])('alert: %s', (message, expected) => expectParse(message, expected as Partial<Parsed>));

  it.each([
    ['hello', 'greeting'],
    ['namaste', 'greeting'],
    ['thanks', 'greeting'],
    ['help', 'help'],
    ['what can you do', 'help'],
    ['tell me a joke', 'unknown'],
    ["what's the weather", 'unknown'],
  ])('%s → %s', (message, intent) => expectParse(message, { intent: intent as Parsed['intent'] }));

  // About one stock the refusal comes with its quote (the facts); with no stock, the refusal alone.
  it.each([
    ['should i buy reliance', 'quote'],
    ['will tcs go up tomorrow', 'quote'],
    ['is hdfc bank a good buy', 'quote'],
    ['suggest me a stock', 'unknown'],
    ['target price of infy', 'quote'],
  ])('never gives a tip or a prediction: %s', (message, intent) => {
    const parsed = read(message);
    expect(parsed.intent).toBe(intent);
    expect(parsed.tip).toBe(true);
    expect(parsed.imperative).toBeUndefined();
  });

  describe('session context', () => {
    it('"and TCS?" asks the previous question about TCS', () => {
      expectParse(
        'and TCS?',
        { intent: 'holding', symbols: ['TCS'] },
        { lastIntent: 'holding', lastSymbols: ['INFY'] },
      );
      expectParse(
        'what about infy',
        { intent: 'quote', symbols: ['INFY'] },
        { lastIntent: 'quote', lastSymbols: ['TCS'] },
      );
    });
    it('"buy 5 of those" buys the stock of the previous turn', () => {
      expectParse(
        'buy 5 of those',
        { intent: 'buy', symbols: ['TCS'], quantity: 5, fromContext: true },
        { lastIntent: 'quote', lastSymbols: ['TCS'] },
      );
      expectParse(
        'sell all of it',
        { intent: 'sell', symbols: ['INFY'], fraction: 'all' },
        { lastIntent: 'holding', lastSymbols: ['INFY'] },
      );
    });
    it('answers a "did you mean" turn', () => {
      const pending = {
        intent: 'quote' as const,
        options: ['BAJAJ-AUTO', 'BAJFINANCE', 'BAJAJFINSV'],
        message: 'bajaj share price',
      };
      expectParse('the second one', { intent: 'quote', symbols: ['BAJFINANCE'] }, { pending });
      expectParse('1', { intent: 'quote', symbols: ['BAJAJ-AUTO'] }, { pending });
      expectParse(
        'yes',
        { intent: 'buy', symbols: ['RELIANCE'], quantity: 10 },
        { pending: { intent: 'buy', options: ['RELIANCE'], message: 'relaince kharido 10' } },
      );
    });
  });
});
