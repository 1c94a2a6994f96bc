import nlp from 'compromise';
import { VOCABULARY } from './saytrix.vocabulary.js';

/**
 * Hinglish and chat shorthand mapped onto the English words the grammar knows. Multi-word keys
 * are tried first (longest first) so "bech do" wins over "bech".
 */
const PHRASES: Array<[RegExp, string]> = [
  // "jab 2500 cross kare to batana": a Hinglish alert, before "batana" becomes "show".
  [/\b(jab|jaise hi|agar)\b/g, 'when'],
  [/\b(to|toh|tab) (batana|bata dena|bataana|bolna|alert karna|alert kar dena|notify karna)\b/g, 'alert me'],
  [/\b(batana|bata dena) (jab|when)\b/g, 'alert me when'],
  [
    /\b(when\b.*?)\b(?:mujhe |hame |humein |hume )?(batana|bata dena|bata do|bataana|bolna)\b/g,
    'alert me $1',
  ],
  [/\bsabse (zyada|jyada|adhik|jada) (gire|gira|giri|gir gaye)\b/g, 'fell the most'],
  [/\bsabse (zyada|jyada|adhik|jada) (badhe|badha|chadhe|chadha|upar gaye)\b/g, 'rose the most'],
  [/\b(kaunse|kaun se|konsa|konse|kaunsa)\b/g, 'which'],
  // Hinglish periods: "pichle mahine" is last month, "is hafte" this week.
  [/\b(pichle|pichhle|pichla|pichhla|pichli)\b/g, 'last'],
  [/\b(mahine|mahina|mahinay)\b/g, 'month'],
  [/\b(hafte|hafta|hapte)\b/g, 'week'],
  [/\b(saal)\b/g, 'year'],
  [/\b(ek)\b(?= (share|shares|sheyar))/g, '1'],
  [/\bteen\b/g, '3'],
  [/\b(chaar|char)\b(?= (share|shares|sheyar))/g, '4'],
  [/\b(paanch|panch)\b/g, '5'],
  [/\b(das)\b(?= (share|shares|sheyar))/g, '10'],
  [/\b(bees)\b(?= (share|shares|sheyar))/g, '20'],
  [/^(bye|by) (?=\d)/g, 'buy '],
  [/^sel (?=\d)/g, 'sell '],
  [/\bcross (kare|kar jaye|kar le|karta hai|karega|ho)\b/g, 'crosses'],
  // "infosys ke dono share nikal do": shares taken out of the account are sold; a stock taken
  // off a list is removed (below).
  [/\b(dono|donon)\b(?= (share|shares|sheyar))/g, '2'],
  [
    /\b(shares?|sheyar|position|holding|stake)\b(.*?)\b(nikal do|nikalo|nikaal do|nikal de|nikaal de|nikal dena)\b/g,
    '$1$2 sell',
  ],
  [/\b(hatao|hata do|hatado|nikalo|nikal do)\b/g, 'remove'],
  [/\b(nuksaan|nuksan|nukasan|nuksaan hua|ghata|ghaata)\b/g, 'loss'],
  [/\b(munafa|munafaa|fayda|faayda|faida)\b/g, 'profit'],
  [/\b(galtiyan|galtiyaan|galti|galtiya)\b/g, 'mistakes'],
  [/\b(byu|buyy|biuy)\b/g, 'buy'],
  [/\btodays\b/g, "today's"],
  // Spoken and typed spellings of the index.
  [/\b(niftee|nifti|niftie|nifity|niffty|niftty)\b/g, 'nifty'],
  [/\b(shukriya|shukria|dhanyavaad|dhanyavad|dhanyawad|dhanyawaad)\b/g, 'thanks'],
  [
    /\b(kitne|kitna|kis|kya) (pe|par|bhav pe|rate pe)( (chal|trade|bik) (raha|rahi|rahe)( hai| he| h)?)?\b/g,
    'price',
  ],
  // "kotak pe kya chal raha": what is going on with it (a quote), not its P/E.
  [/\b(pe|par) (kya|kaisa) (chal|ho) (raha|rahi|rahe)( hai| he| h)?\b/g, 'doing'],
  [/\b(chal|trade|bik) (raha|rahi|rahe)\b/g, 'doing'],
  // "aaj mera din kaisa raha": how my day went.
  [/\b(din|day) (kaisa|kaise|kesa) (raha|gaya|tha|rha)\b/g, 'day went'],
  [/\b(likho|likh do|likh lo|likhna|likh dena|likh dijiye)\b/g, 'write'],
  // Verbs of trading; past tenses first ("kal kya kharida" asks what was bought).
  [/\b(kharida|khareeda|kharide|kharidi|kharid liya|khareed liya)\b/g, 'bought'],
  [/\b(becha|beche|bechi|bech diya)\b/g, 'sold'],
  [/\b(kholo|khol do|kholiye|kholna|khol)\b/g, 'open'],
  [
    /\b(kharid(o|na|ne|enge|unga|lo|iye|ein)?|khareed(o|na)?|le lo|lelo|le lena|le le|le lijiye|le liyo|dila do|dilwa do)\b/g,
    'buy',
  ],
  [/\b(bech(o|na|ne|enge|unga|iye|ein| do| de)?|baich(o)?)\b/g, 'sell'],
  // Price words, and their common misspellings.
  [/\b(prise|pric|prce|pirce|praice)\b/g, 'price'],
  [/\b(bhav|bhaav|bhaw|daam|dam|bhav kya hai|kimat|keemat|qeemat)\b/g, 'price'],
  // Show / tell.
  [/\b(dikhao|dikha do|dikhaiye|dikhana|batao|bata do|bataiye|batana|bolo)\b/g, 'show'],
  [/\b(kitna|kitne|kitni)\b/g, 'how much'],
  [/\b(mera|mere|meri|apna|apne|apni)\b/g, 'my'],
  [/\b(paisa|paise|pese|paisee|rokda)\b/g, 'cash'],
  [/\b(khabar|khabrein|khabren|samachar|taaza khabar)\b/g, 'news'],
  [/\b(upar|oopar|se upar)\b/g, 'above'],
  [/\b(neeche|niche|se neeche)\b/g, 'below'],
  [/\b(aaj|aj)\b/g, 'today'],
  [/\b(kal)\b/g, 'yesterday'],
  [/\b(aadha|adha|aadhe|aadhi)\b/g, 'half'],
  [/\b(saare|sare|saara|sara|sab|poora|pura|poore|pure)\b/g, 'all'],
  [/\b(kaisa|kaise|kaisi) (hai|he|chal raha|chal rahe|ja raha)\b/g, 'how is'],
  [/\b(kya hai|kya he|kya h)\b/g, 'what is'],
  [/\b(samjhao|samjha do|samjhaiye)\b/g, 'explain'],
  [/\b(mein|me|main)\b(?= (daalo|dalo|add|jodo))/g, 'to'],
  [/\b(daalo|dalo|jodo)\b/g, 'add'],
  [/\b(shares?|sheyar|sheyars|shares)\b/g, 'shares'],
  // Chat shorthand.
  [/\b(ya|yaa|athva|athwa)\b/g, 'or'],
  [/\b(paas|pass)\b/g, ' '],
  [/\b([a-z]) ?& ?([a-z])\b/g, '$1&$2'],
  [/\bwhats\b/g, "what's"],
  [/\bhows\b/g, 'how is'],
  [/\bwats\b/g, "what's"],
  [/\bpls\b|\bplz\b|\bplease\b|\bkindly\b|\bji\b|\bbhai\b|\bbro\b|\byaar\b/g, ' '],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\br\b/g, 'are'],
  [/\bpf\b|\bportfolo\b|\bportfolio's\b|\bportfoilo\b|\bprotfolio\b|\bporfolio\b/g, 'portfolio'],
  [/\bp ?& ?l\b|\bpnl\b|\bp and l\b/g, 'pnl'],
  [/\bqty\b/g, 'quantity'],
  [/\bwatch list\b/g, 'watchlist'],
];

/** Hindi postpositions that carry no meaning for the grammar ("reliance ka bhav"). */
const FILLERS =
  /\b(ka|ki|ke|ko|hai|he|hain|h|karo|kar do|kardo|karna|chahiye|chaiye|abhi|zara|jara|wala|wali|wale)\b/g;

/**
 * The app's own words, as typed with one letter dropped, doubled or swapped ("ordres", "ordrs",
 * "pirce", "protfolio"); a substituted letter is not corrected ("pride" is not "price").
 */
const KEY_WORDS = [
  'orders',
  'order',
  'price',
  'prices',
  'portfolio',
  'watchlist',
  'holdings',
  'charges',
  'brokerage',
  'pending',
  'history',
  'gainers',
  'losers',
  'market',
  'alerts',
  'sensex',
  'quantity',
  'dividend',
  'executed',
  'transactions',
];
const KNOWN = new Set(KEY_WORDS);

/** One dropped, added or swapped letter apart (not a substituted one). */
function oneSlip(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const k = [...a].findIndex((c, i) => c !== b[i]);
    return a[k] === b[k + 1] && a[k + 1] === b[k] && a.slice(k + 2) === b.slice(k + 2);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  const k = [...short].findIndex((c, i) => c !== long[i]);
  return k === -1 || short.slice(k) === long.slice(k + 1);
}

/** A word as the app knows it: a digit 0 typed for the letter o ("wipr0"), a slip in a key word. */
function respell(word: string): string {
  let w = word;
  if (/[a-z]0|0[a-z]/.test(w) && /^[a-z0]+$/.test(w)) w = w.replace(/0/g, 'o');
  if (w.length < 5 || KNOWN.has(w) || VOCABULARY.has(w) || /\d/.test(w)) return w;
  return KEY_WORDS.find((k) => k.length >= 5 && oneSlip(w, k)) ?? w;
}

export interface Normalised {
  /** The original text, trimmed. */
  original: string;
  /** Lower case, Hinglish mapped, ₹ and thousands separators gone, lakh/crore and number words as digits. */
  text: string;
  /** Words of `text`. */
  words: string[];
  /** Words of the original in upper case as typed (a user typing "IDEA" means the symbol). */
  upperTokens: Set<string>;
}

const UNIT: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  hazar: 1_000,
  hazaar: 1_000,
  lac: 100_000,
  lacs: 100_000,
  lakh: 100_000,
  lakhs: 100_000,
  cr: 10_000_000,
  crore: 10_000_000,
  crores: 10_000_000,
};

/** "2 lakh" → 200000, "1.5 cr" → 15000000, "5k" → 5000; integers when the product is whole. */
function expandUnits(text: string): string {
  return text.replace(
    /\b(\d+(?:\.\d+)?)\s?(k|thousand|hazaa?r|lacs?|lakhs?|cr|crores?)\b/g,
    (_m, n: string, unit: string) => {
      const value = Number(n) * (UNIT[unit] ?? 1);
      return String(Math.round(value * 100) / 100);
    },
  );
}

/** Number words ("ten", "two thousand five hundred") through compromise, which knows English number words. */
function numberWordsToDigits(text: string): string {
  if (
    !/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen|a hundred)\b/.test(
      text,
    )
  )
    return text;
  const doc = nlp(text);
  doc.numbers().toNumber();
  // compromise leaves a space-separated text; ordinals it produced ("1st") are kept as they are.
  return doc.text();
}

/**
 * Spelled-out letters as voice gives them ("t c s", "h d f c bank", "i t c") → one word. Runs of
 * three or more single letters join; a pair joins only without "a"/"i" (words on their own).
 */
function joinSpelledLetters(text: string): string {
  // A letter after an apostrophe is a possessive ("day's p&l"), not a spelled letter.
  return text.replace(/(?<!')\b(?:[a-z] ){1,}[a-z]\b/g, (run) => {
    const letters = run.split(' ');
    if (letters.length === 2 && letters.some((l) => l === 'a' || l === 'i')) return run;
    // "place a g t t": the article stays a word when three or more letters follow it.
    if (letters.length >= 4 && letters[0] === 'a') return `a ${letters.slice(1).join('')}`;
    return letters.join('');
  });
}

export function normalise(input: string): Normalised {
  const original = input.trim();
  const upperTokens = new Set(
    original
      .split(/[^A-Za-z0-9&.-]+/)
      .filter((w) => w.length >= 2 && /[A-Z]/.test(w) && w === w.toUpperCase())
      .map((w) => w.replace(/\.(NS|BO)$/, '')),
  );
  let text = original
    .toLowerCase()
    .replace(/[\u2018\u2019\u0060]/g, "'")
    .replace(/[\u201c\u201d]/g, '"');
  // Currency: ₹, rs, inr and "rupees" say the number is an amount; the grammar reads amounts by "worth/for".
  text = text.replace(/(₹|\brs\.?|\binr)\s*(?=\d)/g, ' ₹');
  // "@ 250" is a price: "at 250" (the character filter below would drop the @).
  text = text.replace(/@\s*/g, ' at ');
  text = text.replace(/(\d)\s*(rupees?|rs\.?|inr|rupaye|rupaiye|rupay)\b/g, '$1 rupees');
  // Thousands separators, Indian or Western grouping.
  text = text.replace(/(\d),(?=\d)/g, '$1');
  text = expandUnits(text);
  // A blind replay's stand-in symbols ("STOCK-KO", "STOCK-YA") are held aside so that no Hinglish
  // word or filler ("ko", "ya", "h") inside one is rewritten; they come back unchanged at the end
  // (a placeholder of letters only: a digit in it would be read as a typed "o" or a number).
  const standIns: string[] = [];
  text = text.replace(
    /\bstock-([a-z]{1,3})\b/g,
    (_m, tag: string) => `zqstandin${'q'.repeat(standIns.push(tag))}`,
  );
  text = joinSpelledLetters(text);
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  // "nifty 24000 pe": a put at that strike, not the Hinglish "at 24000" below ("ce" likewise a call).
  if (/\b(nifty|banknifty|bank nifty|options?|strikes?|expiry|calls?|puts?)\b/.test(text))
    text = text.replace(
      /\b(\d{4,6}) ?(pe|ce)\b/g,
      (_m, k: string, t: string) => `${k} ${t === 'pe' ? 'put' : 'call'}`,
    );
  // "1100 pe", "1100 par", "on 1100": a price, read like "at 1100" (a Hinglish buy with a price is a LIMIT).
  text = text
    .replace(/(?<![a-z])(₹?\d+(?:\.\d+)?) (pe|par|pay)\b/g, 'at $1')
    // "buy 3 bel par 400": "par" before the number is the same price word.
    .replace(/\b(par|pe) (₹?\d+(?:\.\d+)?)\b(?! ?(shares?|stocks?|units?|qty|quantity|%|percent))/g, 'at $2')
    .replace(/\bon (₹?\d{3,}(?:\.\d+)?)(?! (shares|stocks|units|lots?))\b/g, 'at $1');
  text = text.replace(FILLERS, ' ');
  text = text.replace(/\b[a-z0-9]+\b/g, respell);
  text = numberWordsToDigits(text);
  text = expandUnits(text);
  // Keep what the grammar reads: letters, digits, & - . ₹ % ? and the apostrophe; the rest becomes space.
  text = text
    .replace(/[^a-z0-9&\-.₹%?'/^\s]/g, ' ')
    .replace(/\?/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d|ns\b|bo\b)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\bzqstandin(q+)\b/g, (_m, q: string) => `stock-${standIns[q.length - 1]}`)
    .trim();
  return { original, text, words: text ? text.split(' ') : [], upperTokens };
}

/** Every number in the normalised text with where it sits; used for quantities and prices. */
export function numbersIn(text: string): Array<{ value: number; index: number; raw: string }> {
  const out: Array<{ value: number; index: number; raw: string }> = [];
  for (const m of text.matchAll(/(?<![a-z])₹?\s?(\d+(?:\.\d+)?)(?![a-z0-9])/g))
    out.push({ value: Number(m[1]), index: m.index, raw: m[0] });
  return out;
}
