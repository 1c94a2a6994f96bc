import type { Parsed } from '../saytrix.parsed.js';
import { readSector } from './sectors.js';
import type { RuleState } from './rules.app.js';
import { WHY } from './rules.app.words.js';

/** Habits, the leaderboard, what moved my portfolio or a stock, 52-week screens and sectors. Part of appRules, which runs these groups in order. */
export function marketRules(s: RuleState): Parsed | undefined {
  const { masked, parsed } = s;

  if (
    /\b(habits?|aadat|aadatein|aadaten|aadton|win rate|hit rate|overtrad\w*|trading (insights?|behaviou?r|pattern|style|mistakes?)|holding period|insights|disciplined?|discipline|my (trading )?mistakes|mistakes i make|as a trader|kind of trader|(sell|selling|book|booking|exit|exiting) (my )?(winners|profits|gains) (too )?(early|soon|late)|(hold|holding) (on to )?(my )?(losers|losing (stocks|trades)) (too )?(long)?|cut (my )?losses)\b/.test(
      masked,
    )
  )
    return { ...parsed, intent: 'habits' };

  if (
    /\b(leaderboard|leader board|my rank|rank|ranking|top traders|mera rank|other (players|traders|users)|compare with others)\b/.test(
      masked,
    )
  )
    return { ...parsed, intent: 'leaderboard' };

  // "what moved my portfolio today", "why is my portfolio down": contribution per holding.
  if (
    /\bmy (portfolio|holdings|stocks)\b/.test(masked) &&
    /\b(moved|move|why|contribut\w*|drove|dragged|pulled)\b/.test(masked)
  )
    return { ...parsed, intent: 'portfolio', focus: 'contribution', scope: 'my' };

  // "why did it move" right after a quote: "it" is the stock just shown.
  if (WHY.test(masked) && !s.hasStock && s.refersBack && !/\bmy\b/.test(masked)) s.useContext();
  if (WHY.test(masked) && (s.stockSymbols.length || parsed.fromContext)) return { ...parsed, intent: 'why' };

  // "stocks at a 52 week high", "which shares hit 52-week lows today": a market screen, not the term.
  if (
    !s.stockSymbols.length &&
    /\b(52|fifty two)[ -]?(week|wk|weeks) (high|low)s?\b/.test(masked) &&
    /\b(stocks|shares|companies|names|which|who|what's|whats|hitting|hit|at|near|touching|making|made|list|show|any|today)\b/.test(
      masked,
    ) &&
    !/^(what is|what's|what are|explain|define|meaning)( a| an| the)? (52|fifty)/.test(masked) &&
    !/\bmy\b/.test(masked)
  )
    return {
      ...parsed,
      intent: 'movers',
      scope: 'market',
      metric: '52w',
      movers: /\blows?\b/.test(masked) ? 'losers' : 'gainers',
    };
  const sector = readSector(masked);
  if (
    sector &&
    !s.stockSymbols.length &&
    !/\b(news|headlines?)\b/.test(masked) &&
    (/\b(sector|sectors|stocks|shares|companies|names|space|industry)\b|^\w+$/.test(masked) ||
      /^how (are|is) (the )?(banks|it|pharma|auto|metals?|fmcg|realty)\b/.test(masked) ||
      // "how did fmcg do today", "top movers in pharma", "auto up or down": the sector's move.
      (/\b(how (are|is|did|have|has)|doing|did|today|performance|performing|performed|up or down|update|haal|trend|moving|moved|movers|gainers|losers|top|best|worst|rally|rallied|fell|rose|kaisa)\b/.test(
        masked,
      ) &&
        !/\b(buy|sell|my|holiday|holidays)\b/.test(masked)))
  ) {
    parsed.sector = sector;
    // NIFTY IT / NIFTY BANK are the sector's own index; the handler may quote it beside the movers.
    if (sector === 'Information Technology') parsed.symbols = ['NIFTYIT'];
    else if (/\bbank/.test(masked)) parsed.symbols = ['NIFTYBANK'];
    parsed.intent = 'sectors';
    parsed.scope = 'market';
    return parsed;
  }
  if (
    /\b(sectors?|sectoral)\b/.test(masked) &&
    !s.stockSymbols.length &&
    !/\b(news|headlines?)\b/.test(masked)
  )
    return { ...parsed, intent: 'sectors', scope: 'market' };
  return undefined;
}
