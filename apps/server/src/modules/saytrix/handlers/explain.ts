import type { Quote } from '@nivesh/shared';
import { CONCEPTS_WITH_QUOTE, explain as explainConcept } from '../saytrix.concepts.js';
import { dateTimeIst } from '../saytrix.format.js';
import { stockData } from './phrasing.js';
import type { Handler } from './types.js';

/** A concept from the glossary, with a live example where it needs one. */
export const explain: Handler = async ({ userId, parsed, expert }, d) => {
  const concept = parsed.concept!;
  if (concept === 'market-hours') {
    const status = d.tools.marketStatus('NSE');
    return {
      intent: 'explain',
      response: `The market is **${status.marketOpen ? 'open' : 'closed'}** now (${status.label}).${status.nextOpen && !status.marketOpen ? ` It opens next at ${dateTimeIst(status.nextOpen)} IST.` : ''}`,
      suggestions: ['Show me NIFTY performance', "What are today's top gainers?"],
    };
  }
  let quote: Quote | undefined;
  if (CONCEPTS_WITH_QUOTE.has(concept)) {
    const symbol = parsed.symbols[0] ?? (await d.tools.holdings(userId))[0]?.symbol ?? 'RELIANCE';
    quote = await d.tools.quote(symbol);
  }
  return {
    intent: 'explain',
    response: explainConcept(concept, quote, d.tools.source, expert),
    ...(quote && parsed.symbols.length ? { stockData: stockData(quote) } : {}),
    suggestions: [
      'What are the charges for buying 10 Reliance?',
      'What is a limit order?',
      'What is STT?',
      'What is the price band?',
    ],
    confidence: 'high',
  };
};
