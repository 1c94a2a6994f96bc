import type { Normalised } from '../saytrix.normalise.js';
import type { Parsed, SaytrixContext } from '../saytrix.parsed.js';
import type { FindResult, StockFinder, StockMatch } from '../saytrix.stocks.js';
import type { ConceptId } from '../saytrix.parsed.js';

/**
 * What every grammar stage reads: the message as words, the stocks found in it (masked out of
 * `masked`), and the previous turn. `parsed` is shared: a stage may fill slots and fall through.
 */
export interface Stage {
  message: string;
  n: Normalised;
  text: string;
  masked: string;
  parsed: Parsed;
  found: FindResult;
  matches: StockMatch[];
  stockSymbols: string[];
  indexSymbols: string[];
  hasStock: boolean;
  refersBack: boolean;
  contextSymbols: string[];
  /** Takes the previous turn's stock when the message names none. */
  useContext: () => void;
  context: SaytrixContext;
  now: Date;
  finder: StockFinder;
  explainWord: boolean;
  concept: ConceptId | undefined;
}
