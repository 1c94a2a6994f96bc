import { plural } from '@nivesh/shared';
import { toHeadlines } from './headlines.js';
import { aboutOne } from './phrasing.js';
import type { Handler } from './types.js';

/** Stored headlines as structured data; the response only counts them, so voice has a sentence. */
export const news: Handler = async ({ parsed }, d) => {
  const symbol = parsed.symbols[0];
  const source = d.tools.news;
  if (!source) {
    return {
      intent: 'news',
      response: `News is not available here yet, so I can't show ${symbol ? `headlines about ${symbol}` : 'market headlines'}. I won't make any up.`,
      suggestions: symbol
        ? [`Price of ${symbol}`, `${symbol} chart`]
        : ['Show me NIFTY performance', "What are today's top gainers?"],
      confidence: 'high',
    };
  }
  const items = await source.search(symbol ? { symbol, limit: 5 } : { limit: 5 });
  if (!items.length)
    return {
      intent: 'news',
      response: `No news${symbol ? ` about ${symbol}` : ''} in the news store right now.`,
      action: 'navigate',
      params: { path: '/news', ...aboutOne(parsed) },
    };
  return {
    intent: 'news',
    response: `The latest ${plural(items.length, 'headline')}${symbol ? ` for ${symbol}` : ' of market news'}:`,
    headlines: toHeadlines(items),
    action: 'navigate',
    params: { path: symbol ? `/news?search=${encodeURIComponent(symbol)}` : '/news', ...aboutOne(parsed) },
    suggestions: symbol ? [`Price of ${symbol}`, `${symbol} chart`] : ['Show me NIFTY performance'],
  };
};
