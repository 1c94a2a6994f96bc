/**
 * Finds the NSE instruments a headline is about. An alias table comes first (what people write:
 * RIL, SBI, L&T, Zomato…), then the listed company names, then bare upper-case symbols. Every
 * candidate span is collected and the longest wins, so "State Bank of India" is SBIN and never
 * BANKINDIA, and "Tata Motors Passenger Vehicles" beats "Tata Motors".
 */
export interface TaggableInstrument {
  symbol: string;
  name: string;
  type: string;
  currency: string;
}

/** Curated aliases; they win over generated names for the same text. */
export const NEWS_ALIASES: Record<string, string[]> = {
  RELIANCE: ['RIL', 'Reliance Industries', 'Reliance', 'Reliance Jio', 'Reliance Retail', 'Mukesh Ambani'],
  SBIN: ['SBI', 'State Bank of India', 'State Bank'],
  HINDUNILVR: ['HUL', 'Hindustan Unilever'],
  LT: ['L&T', 'Larsen & Toubro', 'Larsen and Toubro'],
  'M&M': ['M&M', 'Mahindra & Mahindra', 'Mahindra and Mahindra'],
  BHARTIARTL: ['Airtel', 'Bharti Airtel'],
  ETERNAL: ['Zomato', 'Eternal', 'Blinkit'],
  INDIGO: ['IndiGo', 'InterGlobe Aviation', 'InterGlobe'],
  TMPV: ['Tata Motors', 'Tata Motors Passenger Vehicles', 'TMPV'],
  TMCV: ['Tata Motors Commercial Vehicles', 'TMCV'],
  TCS: ['TCS', 'Tata Consultancy Services', 'Tata Consultancy'],
  INFY: ['Infosys', 'Infy'],
  HDFCBANK: ['HDFC Bank'],
  ICICIBANK: ['ICICI Bank'],
  KOTAKBANK: ['Kotak Mahindra Bank', 'Kotak Bank', 'Kotak'],
  AXISBANK: ['Axis Bank'],
  HCLTECH: ['HCLTech', 'HCL Tech', 'HCL Technologies'],
  BAJFINANCE: ['Bajaj Finance'],
  'BAJAJ-AUTO': ['Bajaj Auto'],
  PNB: ['PNB', 'Punjab National Bank'],
  LICI: ['LIC', 'Life Insurance Corporation'],
  NAUKRI: ['Info Edge', 'Naukri'],
  MPHASIS: ['Mphasis'],
  PVRINOX: ['PVR INOX', 'PVR Inox'],
  VMM: ['Vishal Mega Mart'],
  IDEA: ['Vodafone Idea', 'Vi'],
  ADANIENSOL: ['Adani Energy Solutions', 'Adani Energy'],
  ADANIGREEN: ['Adani Green', 'Adani Green Energy'],
  SBILIFE: ['SBI Life', 'SBI Life Insurance'],
  SBICARD: ['SBI Card', 'SBI Cards'],
  HDFCLIFE: ['HDFC Life', 'HDFC Life Insurance'],
  ICICIPRULI: ['ICICI Prudential Life', 'ICICI Prudential'],
  DRREDDY: ["Dr Reddy's", "Dr. Reddy's", 'Dr Reddys'],
  ULTRACEMCO: ['UltraTech', 'UltraTech Cement'],
  MARUTI: ['Maruti Suzuki', 'Maruti'],
  NESTLEIND: ['Nestle India', 'Nestle'],
  YESBANK: ['Yes Bank'],
  JIOFIN: ['Jio Financial', 'Jio Financial Services'],
  NIFTY50: ['Nifty', 'Nifty 50', 'Nifty50', 'NSE Nifty50', 'NSE Nifty'],
  SENSEX: ['Sensex', 'BSE Sensex', 'S&P BSE Sensex'],
  NIFTYBANK: ['Bank Nifty', 'Nifty Bank'],
  NIFTYIT: ['Nifty IT'],
};

/**
 * Phrases that contain a name but are about something else; they take their span and tag nothing
 * (GIFT Nifty is a contract in GIFT City, Reliance Power is not Reliance Industries).
 */
export const NEWS_BLOCKERS = [
  'GIFT Nifty',
  'Gift Nifty',
  'Reliance Power',
  'Reliance Capital',
  'Reliance Infrastructure',
  'Reliance General',
  'Reliance Nippon',
  'Reliance Securities',
  'Nifty Midcap',
  'Nifty Smallcap',
  'Bank of America',
  'Bank of Japan',
  'Bank of England',
  'Reserve Bank of India',
  'Airtel Africa',
  'Jaguar TCS Racing',
  'TCS Racing',
  'SBI Funds',
  'SBI Mutual Fund',
  'SBI MF',
  'Tata Sons',
  'Infosys Theater',
  'Infosys Theatre',
];

/**
 * Symbols and name stems that are also ordinary words or other things: "BSE" the exchange is not
 * BSE Ltd, "OIL" in a shouted headline is not Oil India, "Vi" is a roman numeral as often as not.
 * They are only tagged through their longer names ("BSE Ltd", "Oil India").
 */
export const NEWS_STOP_WORDS = new Set([
  'BSE',
  'NSE',
  'OIL',
  'ACE',
  'IDEA',
  'FACT',
  'SAIL',
  'Vi',
  'CAMS',
  'GIFT',
  'IT',
  'US',
  'ITI',
  'UPL',
  'DOMS',
  'Atul',
]);

/**
 * A symbol that is also an abbreviation in some subjects: TCS is tax collected at source in
 * income-tax stories unless Tata Consultancy is named.
 */
export const NEWS_CONTEXT_VETO: Record<string, RegExp> = {
  TCS: /\bTDS\b|tax collected at source|income tax|\bITR\b|tax refund|(?=.*\btax\b)(?=.*\brefund\b)/i,
};

/** Words that end a company's legal name and are dropped to get the name people write. */
const LEGAL_SUFFIX = /\s*(?:\(India\)|\(I\))?\s*(?:Ltd\.?|Limited)\s*$/i;

interface Alias {
  text: string;
  symbol: string;
  /** Curated aliases rank above generated names of the same length. */
  priority: number;
  caseSensitive: boolean;
}

export interface TagMatch {
  symbol: string;
  text: string;
  index: number;
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class NewsTagger {
  private readonly aliases: Alias[] = [];
  private readonly pattern: RegExp;
  private readonly patternCi: RegExp;
  private readonly bySensitive = new Map<string, Alias>();
  private readonly byInsensitive = new Map<string, Alias>();

  constructor(instruments: readonly TaggableInstrument[]) {
    const known = new Set(instruments.map((i) => i.symbol));
    const add = (text: string, symbol: string, priority: number) => {
      const t = text.trim();
      if (t.length < 2 || NEWS_STOP_WORDS.has(t)) return;
      // One word, or all capitals (SBI, RIL, TCS): match as written, so "reliance on" or "Kotak's" in
      // another sense stays out; several words match in any case ("State Bank Of India").
      const caseSensitive = !t.includes(' ') || t === t.toUpperCase();
      const map = caseSensitive ? this.bySensitive : this.byInsensitive;
      const key = caseSensitive ? t : t.toLowerCase();
      const prev = map.get(key);
      if (prev && prev.priority >= priority) return;
      const alias = { text: t, symbol, priority, caseSensitive };
      map.set(key, alias);
    };
    for (const text of NEWS_BLOCKERS) add(text, '', 3);
    for (const [symbol, list] of Object.entries(NEWS_ALIASES)) {
      if (!known.has(symbol)) continue;
      for (const text of list) add(text, symbol, 2);
    }
    for (const inst of instruments) {
      if (inst.currency !== 'INR') continue;
      const name = inst.name.replace(LEGAL_SUFFIX, '').trim();
      // A name that is also a stop word keeps its legal suffix: "BSE Ltd" is the company.
      if (NEWS_STOP_WORDS.has(name)) add(inst.name.replace(/\.$/, ''), inst.symbol, 1);
      else add(name, inst.symbol, 1);
      // A bare symbol counts only in capitals and when it is not also a word or an exchange.
      if (inst.type !== 'INDEX' && inst.symbol.length >= 3 && /^[A-Z][A-Z0-9&]+$/.test(inst.symbol))
        add(inst.symbol, inst.symbol, 0);
    }
    this.aliases = [...this.bySensitive.values(), ...this.byInsensitive.values()];
    const alt = (list: Alias[]) =>
      list
        .map((a) => a.text)
        .sort((a, b) => b.length - a.length)
        .map(escape)
        .join('|');
    // Word edges that also work around & and digits: not preceded or followed by a letter or digit.
    this.pattern = new RegExp(
      `(?<![\\p{L}\\p{N}&])(?:${alt([...this.bySensitive.values()])})(?![\\p{L}\\p{N}&])`,
      'gu',
    );
    this.patternCi = new RegExp(
      `(?<![\\p{L}\\p{N}&])(?:${alt([...this.byInsensitive.values()])})(?![\\p{L}\\p{N}&])`,
      'giu',
    );
  }

  get size(): number {
    return this.aliases.length;
  }

  /** Every alias occurrence, overlapping ones included. */
  private candidates(text: string): (TagMatch & { length: number; priority: number })[] {
    const out: (TagMatch & { length: number; priority: number })[] = [];
    for (const [re, map, ci] of [
      [this.pattern, this.bySensitive, false],
      [this.patternCi, this.byInsensitive, true],
    ] as const) {
      // A fresh scan at every start index, so shorter names inside longer ones are seen too.
      for (let from = 0; from < text.length;) {
        re.lastIndex = from;
        const m = re.exec(text);
        if (!m) break;
        const alias = map.get(ci ? m[0].toLowerCase() : m[0]);
        if (alias)
          out.push({
            symbol: alias.symbol,
            text: m[0],
            index: m.index,
            length: m[0].length,
            priority: alias.priority,
          });
        from = m.index + 1;
      }
    }
    return out;
  }

  /** Non-overlapping matches, longest first (then the curated alias), in text order. */
  matches(text: string): TagMatch[] {
    const all = this.candidates(text).sort(
      (a, b) => b.length - a.length || b.priority - a.priority || a.index - b.index,
    );
    const taken: [number, number][] = [];
    const kept: TagMatch[] = [];
    for (const c of all) {
      const end = c.index + c.length;
      if (taken.some(([s, e]) => c.index < e && end > s)) continue;
      taken.push([c.index, end]);
      if (c.symbol) kept.push({ symbol: c.symbol, text: c.text, index: c.index });
    }
    return kept.sort((a, b) => a.index - b.index);
  }

  /** The distinct symbols, title mentions first, then by first mention. */
  tag(title: string, summary = ''): string[] {
    const out: string[] = [];
    const whole = `${title}\n${summary}`;
    for (const m of [...this.matches(title), ...this.matches(summary)]) {
      const veto = NEWS_CONTEXT_VETO[m.symbol];
      if (veto?.test(whole) && !/Tata Consultancy/i.test(whole)) continue;
      if (!out.includes(m.symbol)) out.push(m.symbol);
    }
    return out;
  }
}
