/**
 * Any way of writing a number that is not a slot. A figure check that only looks for ASCII digits
 * let "₹४,५००", "１２", "XII shares", "²", "½" and "five hundred" through; every family is here.
 */

/** Digits of every script (Nd), letter-numerals such as Ⅻ (Nl), and superscripts, subscripts, fractions, circled numbers (No). */
const UNICODE_NUMERAL = /[\p{Nd}\p{Nl}\p{No}]/u;

/** A Roman numeral of two or more letters, or a lone V/X/L/C/D/M, written in capitals. */
const ROMAN = /\b(?=[MDCLXVI]{2,}\b|[VXLCDM]\b)M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})\b/g;

const ENGLISH = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
  'thirty',
  'forty',
  'fourty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
  'hundred',
  'hundreds',
  'thousand',
  'thousands',
  'lakh',
  'lakhs',
  'lac',
  'lacs',
  'crore',
  'crores',
  'cr',
  'million',
  'millions',
  'billion',
  'billions',
  'trillion',
  'dozen',
  'dozens',
  'half',
  'twice',
  'thrice',
  'k',
  'mn',
  'bn',
];

/** Hinglish number words that are never English words. */
const HINGLISH = [
  'ek',
  'teen',
  'chaar',
  'paanch',
  'panch',
  'chhe',
  'chhah',
  'saat',
  'aath',
  'nau',
  'das',
  'gyarah',
  'barah',
  'baarah',
  'bees',
  'pachees',
  'tees',
  'chalis',
  'pachas',
  'pachaas',
  'sau',
  'hazaar',
  'hazar',
  'hajar',
  'karod',
  'karor',
  'dedh',
  'dhai',
  'sava',
  'saade',
];

/** "do" (two) and "char" (four) are English too: numbers only next to a unit or another number word. */
const HINGLISH_AMBIGUOUS =
  /\b(do|char)\s+(shares?|stocks?|rupees?|rupaye|rupay|rs|₹|lakh|crore|sau|hazaa?r|percent|points|\{\{s\d+\}\})/i;

const DEVANAGARI = [
  'शून्य',
  'एक',
  'दो',
  'तीन',
  'चार',
  'पांच',
  'पाँच',
  'छह',
  'छः',
  'सात',
  'आठ',
  'नौ',
  'दस',
  'बीस',
  'पचास',
  'सौ',
  'हज़ार',
  'हजार',
  'लाख',
  'करोड़',
  'करोड',
  'डेढ़',
  'ढाई',
];

const WORDS = new RegExp(`(?<![\\p{L}])(${[...ENGLISH, ...HINGLISH].join('|')})(?![\\p{L}])`, 'iu');
const HINDI = new RegExp(`(?<![\\p{L}\\p{M}])(${DEVANAGARI.join('|')})(?![\\p{L}\\p{M}])`, 'u');
/** "a hundred", "a thousand", "a lakh" are numbers too (caught by WORDS); so are "a couple of". */
const PHRASES = /\b(a\s+couple\s+of|a\s+pair\s+of|a\s+score\s+of)\b/i;

/**
 * The first numeral in text that has its slots removed, or undefined. `allowedWords` are words of
 * the server's own text (a symbol like MCX or DLF reads as Roman numerals but is a name).
 */
export function strayNumeral(
  bare: string,
  allowedWords: ReadonlySet<string> = new Set(),
): string | undefined {
  const unicode = UNICODE_NUMERAL.exec(bare);
  if (unicode) return unicode[0];
  for (const m of bare.matchAll(ROMAN)) if (m[0] && !allowedWords.has(m[0])) return m[0];
  const word = WORDS.exec(bare) ?? HINDI.exec(bare) ?? HINGLISH_AMBIGUOUS.exec(bare) ?? PHRASES.exec(bare);
  return word?.[0];
}
