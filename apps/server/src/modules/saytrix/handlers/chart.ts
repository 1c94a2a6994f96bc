import type { Handler } from './types.js';

export const chart: Handler = ({ parsed }) => {
  const symbol = parsed.symbols[0];
  const period = parsed.period ?? '1M';
  const type = parsed.chartType ?? 'line';
  if (!symbol)
    return {
      intent: 'chart',
      response: 'Opening Charts.',
      action: 'navigate',
      params: { path: '/charts' },
      confidence: 'medium',
    };
  const path = `/charts?symbol=${encodeURIComponent(symbol)}&period=${period}&type=${type}`;
  return {
    intent: 'chart',
    response: `Opening the ${period} ${type} chart of **${symbol}**.`,
    action: 'navigate',
    params: { path, symbol },
    suggestions: [`Price of ${symbol}`, `${symbol} 1 year chart`, `News about ${symbol}`],
  };
};
