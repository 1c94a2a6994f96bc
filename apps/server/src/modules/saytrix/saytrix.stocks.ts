import Fuse from 'fuse.js';
import type { Instrument } from '@nivesh/shared';
import { VOCABULARY } from './saytrix.vocabulary.js';

/**
 * Nicknames, old names and common short forms → canonical symbols. An entry with two or more
 * symbols is a real ambiguity and gets a "did you mean" turn. Old names follow the market bundle's
 * symbol cheat sheet (ZOMATO → ETERNAL, TATAMOTORS → TMPV, LTIM → LTM, INFRATEL → INDUSTOWER…).
 */
export const STOCK_ALIASES: Record<string, readonly string[]> = {
  ril: ['RELIANCE'],
  reliance: ['RELIANCE'],
  'reliance industries': ['RELIANCE'],
  sbi: ['SBIN'],
  'state bank': ['SBIN'],
  'sbi bank': ['SBIN'],
  'sbi life': ['SBILIFE'],
  'sbi card': ['SBICARD'],
  'sbi cards': ['SBICARD'],
  hul: ['HINDUNILVR'],
  'hindustan unilever': ['HINDUNILVR'],
  unilever: ['HINDUNILVR'],
  'l&t': ['LT'],
  'l and t': ['LT'],
  larsen: ['LT'],
  'larsen and toubro': ['LT'],
  'larsen & toubro': ['LT'],
  'l&t finance': ['LTF'],
  'l&t technology': ['LTTS'],
  'm&m': ['M&M'],
  'm and m': ['M&M'],
  mahindra: ['M&M'],
  'mahindra and mahindra': ['M&M'],
  'mahindra & mahindra': ['M&M'],
  airtel: ['BHARTIARTL'],
  'bharti airtel': ['BHARTIARTL'],
  bharti: ['BHARTIARTL'],
  zomato: ['ETERNAL'],
  eternal: ['ETERNAL'],
  infosys: ['INFY'],
  infy: ['INFY'],
  tcs: ['TCS'],
  'tata consultancy': ['TCS'],
  hdfc: ['HDFCBANK'],
  'hdfc bank': ['HDFCBANK'],
  'hdfc life': ['HDFCLIFE'],
  'hdfc amc': ['HDFCAMC'],
  icici: ['ICICIBANK'],
  'icici bank': ['ICICIBANK'],
  kotak: ['KOTAKBANK'],
  'kotak bank': ['KOTAKBANK'],
  'kotak mahindra': ['KOTAKBANK'],
  axis: ['AXISBANK'],
  'axis bank': ['AXISBANK'],
  indusind: ['INDUSINDBK'],
  'indusind bank': ['INDUSINDBK'],
  'yes bank': ['YESBANK'],
  pnb: ['PNB'],
  'punjab national bank': ['PNB'],
  'bank of baroda': ['BANKBARODA'],
  bob: ['BANKBARODA'],
  canara: ['CANBK'],
  'canara bank': ['CANBK'],
  bajaj: ['BAJAJ-AUTO', 'BAJFINANCE', 'BAJAJFINSV'],
  'bajaj auto': ['BAJAJ-AUTO'],
  'bajaj finance': ['BAJFINANCE'],
  'bajaj finserv': ['BAJAJFINSV'],
  maruti: ['MARUTI'],
  'maruti suzuki': ['MARUTI'],
  'tata steel': ['TATASTEEL'],
  'tata power': ['TATAPOWER'],
  // The old TATAMOTORS listing continues as TMPV (passenger vehicles); the CV arm says so by name.
  'tata motors': ['TMPV'],
  'tata motors commercial': ['TMCV'],
  'tata motors cv': ['TMCV'],
  'tata motors commercial vehicles': ['TMCV'],
  tatamotors: ['TMPV'],
  'tata motors passenger': ['TMPV'],
  'tata elxsi': ['TATAELXSI'],
  'tata consumer': ['TATACONSUM'],
  'tata chemicals': ['TATACHEM'],
  'tata comm': ['TATACOMM'],
  'tata communications': ['TATACOMM'],
  'tata technologies': ['TATATECH'],
  'tata tech': ['TATATECH'],
  'asian paints': ['ASIANPAINT'],
  'asian paint': ['ASIANPAINT'],
  itc: ['ITC'],
  wipro: ['WIPRO'],
  hcl: ['HCLTECH'],
  'hcl tech': ['HCLTECH'],
  'hcl technologies': ['HCLTECH'],
  'tech mahindra': ['TECHM'],
  techm: ['TECHM'],
  'sun pharma': ['SUNPHARMA'],
  'dr reddy': ['DRREDDY'],
  'dr reddys': ['DRREDDY'],
  'dr reddy s': ['DRREDDY'],
  nestle: ['NESTLEIND'],
  ultratech: ['ULTRACEMCO'],
  'ultratech cement': ['ULTRACEMCO'],
  'power grid': ['POWERGRID'],
  powergrid: ['POWERGRID'],
  ntpc: ['NTPC'],
  ongc: ['ONGC'],
  'coal india': ['COALINDIA'],
  'jsw steel': ['JSWSTEEL'],
  titan: ['TITAN'],
  dmart: ['DMART'],
  'd mart': ['DMART'],
  'avenue supermarts': ['DMART'],
  paytm: ['PAYTM'],
  nykaa: ['NYKAA'],
  swiggy: ['SWIGGY'],
  irctc: ['IRCTC'],
  hal: ['HAL'],
  bel: ['BEL'],
  ioc: ['IOC'],
  'indian oil': ['IOC'],
  bpcl: ['BPCL'],
  hpcl: ['HINDPETRO'],
  hindalco: ['HINDALCO'],
  grasim: ['GRASIM'],
  'hero motocorp': ['HEROMOTOCO'],
  'hero moto': ['HEROMOTOCO'],
  hero: ['HEROMOTOCO'],
  eicher: ['EICHERMOT'],
  'royal enfield': ['EICHERMOT'],
  indigo: ['INDIGO'],
  'interglobe aviation': ['INDIGO'],
  adani: ['ADANIENT', 'ADANIPORTS'],
  'adani enterprises': ['ADANIENT'],
  'adani ent': ['ADANIENT'],
  'adani ports': ['ADANIPORTS'],
  'adani power': ['ADANIPOWER'],
  'adani green': ['ADANIGREEN'],
  'adani energy': ['ADANIENSOL'],
  'adani transmission': ['ADANIENSOL'],
  adanitrans: ['ADANIENSOL'],
  ltimindtree: ['LTM'],
  ltim: ['LTM'],
  mindtree: ['LTM'],
  infratel: ['INDUSTOWER'],
  'indus towers': ['INDUSTOWER'],
  mothersumi: ['MOTHERSON'],
  motherson: ['MOTHERSON'],
  'jio financial': ['JIOFIN'],
  'jio finance': ['JIOFIN'],
  jiofin: ['JIOFIN'],
  vedanta: ['VEDL'],
  vodafone: ['IDEA'],
  'vodafone idea': ['IDEA'],
  vi: ['IDEA'],
  lic: ['LICI'],
  'steel authority': ['SAIL'],
  'info edge': ['NAUKRI'],
  naukri: ['NAUKRI'],
  'policy bazaar': ['POLICYBZR'],
  policybazaar: ['POLICYBZR'],
  cipla: ['CIPLA'],
  lupin: ['LUPIN'],
  britannia: ['BRITANNIA'],
  dabur: ['DABUR'],
  trent: ['TRENT'],
  apple: ['AAPL'],
  microsoft: ['MSFT'],
  google: ['GOOGL'],
  alphabet: ['GOOGL'],
  amazon: ['AMZN'],
  nvidia: ['NVDA'],
  tesla: ['TSLA'],
  facebook: ['META'],
};

/** Index names, checked before stocks ("nifty bank" is the index, not a bank). */
export const INDEX_NAMES: Record<string, string> = {
  'nifty 50': 'NIFTY50',
  nifty50: 'NIFTY50',
  nifty: 'NIFTY50',
  'nifty fifty': 'NIFTY50',
  sensex: 'SENSEX',
  'bse sensex': 'SENSEX',
  'bank nifty': 'NIFTYBANK',
  banknifty: 'NIFTYBANK',
  'nifty bank': 'NIFTYBANK',
  niftybank: 'NIFTYBANK',
  'nifty it': 'NIFTYIT',
  // Common misspellings of the two headline indices (voice and fast typing).
  nifity: 'NIFTY50',
  nifti: 'NIFTY50',
  niftty: 'NIFTY50',
  sensx: 'SENSEX',
  sensec: 'SENSEX',
  sensexx: 'SENSEX',
  niftyit: 'NIFTYIT',
};

export interface StockMatch {
  symbol: string;
  name: string;
  /** Index of the first and one past the last matched word. */
  start: number;
  end: number;
  via: 'index' | 'alias' | 'symbol' | 'name' | 'bse' | 'fuzzy';
}

export interface Ambiguity {
  query: string;
  options: Array<{ symbol: string; name: string }>;
}

export interface FindResult {
  matches: StockMatch[];
  ambiguous?: Ambiguity;
  /** Word indexes used by a match. */
  used: Set<number>;
}

const SUFFIXES = /\b(ltd|limited|inc|corporation|corp|company|co|plc|the)\b/g;
const cleanName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[.,'()]/g, ' ')
    .replace(SUFFIXES, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const FUZZY_THRESHOLD = 0.35;
const CLOSE_CALL = 0.1;

/** Finds stocks in normalised words: index names, aliases, symbols, BSE codes, names, then fuse.js for typos. */
export class StockFinder {
  private readonly phrases = new Map<string, { symbols: string[]; via: StockMatch['via'] }>();
  private readonly bySymbol = new Map<string, Instrument>();
  private readonly byBse = new Map<string, Instrument>();
  private readonly fuse: Fuse<{ key: string; symbol: string }>;
  private readonly longest: number;

  constructor(instruments: readonly Instrument[]) {
    for (const i of instruments) {
      this.bySymbol.set(i.symbol, i);
      if (i.bseCode) this.byBse.set(i.bseCode, i);
    }
    const put = (phrase: string, symbols: string[], via: StockMatch['via']) => {
      if (!phrase || this.phrases.has(phrase)) return;
      if (symbols.every((s) => this.bySymbol.has(s))) this.phrases.set(phrase, { symbols, via });
    };
    for (const [phrase, symbol] of Object.entries(INDEX_NAMES)) put(phrase, [symbol], 'index');
    for (const [phrase, symbols] of Object.entries(STOCK_ALIASES)) put(phrase, [...symbols], 'alias');
    const firstWords = new Map<string, string[]>();
    const firstTwo = new Map<string, string[]>();
    for (const i of instruments) {
      if (i.type === 'INDEX') continue;
      const clean = cleanName(i.name);
      put(clean, [i.symbol], 'name');
      put(clean.replace(/ & /g, ' and '), [i.symbol], 'name');
      const words = clean.split(' ');
      firstWords.set(words[0]!, [...(firstWords.get(words[0]!) ?? []), i.symbol]);
      if (words.length > 2) {
        const two = words.slice(0, 2).join(' ');
        firstTwo.set(two, [...(firstTwo.get(two) ?? []), i.symbol]);
      }
    }
    for (const [two, symbols] of firstTwo) if (symbols.length === 1) put(two, symbols, 'name');
    for (const [word, symbols] of firstWords)
      if (symbols.length === 1 && word.length >= 4 && !VOCABULARY.has(word) && !COMMON_NAME_WORDS.has(word))
        put(word, symbols, 'name');
    this.longest = Math.max(...[...this.phrases.keys()].map((p) => p.split(' ').length));
    const entries = [...this.phrases.entries()]
      .filter(([, v]) => v.symbols.length === 1 && v.via !== 'index')
      .map(([key, v]) => ({ key, symbol: v.symbols[0]! }));
    for (const i of instruments)
      if (i.type !== 'INDEX') entries.push({ key: i.symbol.toLowerCase(), symbol: i.symbol });
    this.fuse = new Fuse(entries, {
      keys: ['key'],
      includeScore: true,
      threshold: FUZZY_THRESHOLD,
      ignoreLocation: true,
      minMatchCharLength: 3,
    });
  }

  instrument(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol);
  }

  private symbolWord(word: string, typedUpper: boolean): Instrument | undefined {
    const bare = word.replace(/\.(ns|bo)$/, '');
    if (/^\d{6}$/.test(bare)) return this.byBse.get(bare);
    const instrument = this.bySymbol.get(bare.toUpperCase());
    if (!instrument || instrument.type === 'INDEX') return undefined;
    // A symbol that is also an English word ("idea", "sail", "all") counts only when typed in capitals or with a suffix.
    if (VOCABULARY.has(bare) && !typedUpper && bare === word) return undefined;
    return instrument;
  }

  /** Finds every stock or index named in `words`; `fuzzy` allows the typo pass over unknown words. */
  find(words: string[], upperTokens: ReadonlySet<string>, fuzzy: boolean): FindResult {
    const matches: StockMatch[] = [];
    const used = new Set<number>();
    let ambiguous: Ambiguity | undefined;
    for (let i = 0; i < words.length;) {
      let matched = false;
      for (let len = Math.min(this.longest, words.length - i); len >= 1 && !matched; len -= 1) {
        const phrase = words.slice(i, i + len).join(' ');
        const hit = this.phrases.get(phrase);
        if (hit) {
          // A single plain-English word ("hero", "titan") is still a name; common words never got here.
          if (hit.symbols.length > 1) {
            ambiguous ??= {
              query: phrase,
              options: hit.symbols.map((s) => ({ symbol: s, name: this.bySymbol.get(s)!.name })),
            };
          } else {
            const instrument = this.bySymbol.get(hit.symbols[0]!)!;
            matches.push({
              symbol: instrument.symbol,
              name: instrument.name,
              start: i,
              end: i + len,
              via: hit.via,
            });
          }
          for (let k = i; k < i + len; k += 1) used.add(k);
          i += len;
          matched = true;
        }
      }
      if (matched) continue;
      const word = words[i]!;
      const instrument = this.symbolWord(word, upperTokens.has(word.toUpperCase().replace(/\.(NS|BO)$/, '')));
      if (instrument) {
        matches.push({
          symbol: instrument.symbol,
          name: instrument.name,
          start: i,
          end: i + 1,
          via: /^\d{6}/.test(word) ? 'bse' : 'symbol',
        });
        used.add(i);
      }
      i += 1;
    }
    if (fuzzy && matches.length === 0 && !ambiguous) {
      const fuzzyResult = this.fuzzy(words, used);
      if (fuzzyResult.match) {
        matches.push(fuzzyResult.match);
        for (let k = fuzzyResult.match.start; k < fuzzyResult.match.end; k += 1) used.add(k);
      }
      ambiguous = fuzzyResult.ambiguous;
    }
    matches.sort((a, b) => a.start - b.start);
    return { matches, ambiguous, used };
  }

  /** Runs of unknown words (not grammar, not numbers) tried whole, then word by word. */
  private fuzzy(words: string[], used: Set<number>): { match?: StockMatch; ambiguous?: Ambiguity } {
    const unknown = (k: number) =>
      !used.has(k) && !VOCABULARY.has(words[k]!) && !/\d/.test(words[k]!) && words[k]!.length >= 3;
    const runs: Array<[number, number]> = [];
    for (let k = 0; k < words.length; k += 1) {
      if (!unknown(k)) continue;
      let end = k + 1;
      while (end < words.length && unknown(end) && end - k < 4) end += 1;
      runs.push([k, end]);
      k = end - 1;
    }
    const candidates: Array<[number, number]> = [];
    for (const [s, e] of runs) {
      // "icic bank", "tata motrs": a typo before a name word the app also knows ("bank") is one name.
      if (e < words.length && !used.has(e) && NAME_TAILS.has(words[e]!)) candidates.push([s, e + 1]);
      candidates.push([s, e]);
      if (e - s > 1) for (let k = s; k < e; k += 1) candidates.push([k, k + 1]);
    }
    for (const [s, e] of candidates) {
      const query = words.slice(s, e).join(' ');
      if (query.replace(/ /g, '').length < 5) continue;
      const results = this.fuse.search(query, { limit: 10 });
      const best = new Map<string, number>();
      for (const r of results) if (!best.has(r.item.symbol)) best.set(r.item.symbol, r.score ?? 1);
      const ranked = [...best.entries()].sort((a, b) => a[1] - b[1]);
      const [first, second] = ranked;
      if (!first || first[1] > FUZZY_THRESHOLD) continue;
      if (second && second[1] - first[1] < CLOSE_CALL) {
        return {
          ambiguous: {
            query,
            options: [first, second].map(([symbol]) => ({ symbol, name: this.bySymbol.get(symbol)!.name })),
          },
        };
      }
      const instrument = this.bySymbol.get(first[0])!;
      return { match: { symbol: instrument.symbol, name: instrument.name, start: s, end: e, via: 'fuzzy' } };
    }
    return {};
  }
}

/** Last words of company names that are also words of the app (so never a typo run's own part). */
const NAME_TAILS = new Set([
  'bank',
  'motors',
  'steel',
  'power',
  'finance',
  'life',
  'industries',
  'auto',
  'labs',
]);

/** First words of company names too common to stand for one company on their own. */
const COMMON_NAME_WORDS = new Set(
  'bharat indian india national state united global general premier new power steel bank life first central hindustan great home housing city oil gas union punjab dr sun one info max shree prestige chennai mumbai bombay delhi kolkata calcutta hyderabad bangalore bengaluru gujarat maharashtra kerala karnataka rajasthan madras goa pune jaipur lucknow'.split(
    ' ',
  ),
);
