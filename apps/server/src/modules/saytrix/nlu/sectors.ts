/**
 * Sector words → the universe's `sector` column values (apps/server/data/market/instruments.csv).
 * "NIFTY IT" and "NIFTY BANK" are index names and are found as indices before this runs.
 */
const SECTORS: Array<[RegExp, string]> = [
  [
    /\bit (sector|stocks|shares|companies|space|names|majors|pack)\b|\b(tech|technology|software|infotech|information technology)\b/,
    'Information Technology',
  ],
  [
    /\b(bank|banks|banking|psu banks?|private banks?|financials?|finance|nbfcs?|insurance|financial services)\b/,
    'Financial Services',
  ],
  [/\b(pharma|pharmaceuticals?|healthcare|health care|hospitals?|drug makers?)\b/, 'Healthcare'],
  [/\b(auto|autos|automobiles?|automotive|car makers?|two wheelers?)\b/, 'Automobile and Auto Components'],
  [/\b(fmcg|consumer goods|fast moving consumer goods|consumer staples)\b/, 'Fast Moving Consumer Goods'],
  [/\b(metal|metals|steel|mining|metals and mining|aluminium)\b/, 'Metals & Mining'],
  [/\b(energy|oil|oil and gas|gas|petroleum|refiners?)\b/, 'Oil Gas & Consumable Fuels'],
  [/\b(power|utilities|electricity|power utilities)\b/, 'Power'],
  [/\b(realty|real estate|property|housing developers?)\b/, 'Realty'],
  [/\b(telecom|telecommunications?|telcos?)\b/, 'Telecommunication'],
  [/\b(cement|construction materials)\b/, 'Construction Materials'],
  [/\b(capital goods|engineering|industrials?|defence|defense)\b/, 'Capital Goods'],
  [/\b(chemicals?|speciality chemicals)\b/, 'Chemicals'],
  [/\b(consumer durables|durables|appliances)\b/, 'Consumer Durables'],
  [/\b(construction|infra|infrastructure)\b/, 'Construction'],
  [/\b(media|entertainment)\b/, 'Media Entertainment & Publication'],
  [/\b(textiles?)\b/, 'Textiles'],
];

/** The sector a message names, as the universe spells it, or undefined. */
export function readSector(text: string): string | undefined {
  for (const [re, sector] of SECTORS) if (re.test(text)) return sector;
  return undefined;
}
