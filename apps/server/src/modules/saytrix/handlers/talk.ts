import { HELP_SUGGESTIONS } from './phrasing.js';
import type { Handler } from './types.js';

// The turns with no data: hello, help, out of scope, and the clarifying question.

/** A thank-you or a goodbye is a greeting too, answered as one rather than with a hello. */
const THANKS = /\b(thanks?|thank ?(you|u)|thx|ty|shukriya|dhanyavaa?d|cheers)\b/i;
const BYE = /\b(bye|goodbye|good night|see you|alvida)\b/i;

export const greeting: Handler = ({ parsed }) => ({
  intent: 'greeting',
  response: THANKS.test(parsed.text)
    ? "You're welcome! Ask me anything else about prices, your portfolio, orders or charges."
    : BYE.test(parsed.text)
      ? 'Bye for now! Your portfolio and orders will be here when you come back.'
      : "Hello! I'm **Saytrix**. Ask me about prices, the market, your portfolio, cash, orders or charges — I answer from your account and live quotes.",
  suggestions: HELP_SUGGESTIONS,
  confidence: 'high',
});

export const help: Handler = () => ({
  intent: 'help',
  response: [
    'I can answer from your account and the market:',
    '- **Prices**: “price of Reliance”, “how is NIFTY today”, “top gainers”, “TCS 52 week high”, “sector movers”',
    '- **Your money**: “how much cash do I have”, “portfolio analysis”, “what moved my portfolio today”, “show my orders”, “what did I buy last week”',
    '- **Your records**: “my alerts”, “my GTTs”, “my journal”, “my habits”, “my leaderboard rank”',
    '- **Charges**: “charges for buying 10 Infosys”, “what is STT”',
    '- **Actions** (you confirm each one): “buy 10 TCS”, “cancel my ITC order”, “remove ITC from my watchlist”, “alert me when SBI goes above 900”',
    '- **Navigation**: “open portfolio”, “1 year chart of Tata Steel”',
  ].join('\n'),
  suggestions: HELP_SUGGESTIONS,
  confidence: 'high',
});

export const unknown: Handler = ({ parsed }) => {
  if (parsed.tip) {
    return {
      intent: 'unknown',
      response:
        "I don't give tips, recommendations or predictions. I can show you the facts instead: live prices, charts, your position and what a trade would cost.",
      suggestions: parsed.symbols.length
        ? [`Price of ${parsed.symbols[0]}`, `${parsed.symbols[0]} chart`, `News about ${parsed.symbols[0]}`]
        : HELP_SUGGESTIONS,
      confidence: 'high',
    };
  }
  return {
    intent: 'unknown',
    response:
      "Sorry, that's outside what I can help with. I can answer about stock prices, the market, your portfolio, cash, orders and charges, and help you buy, sell or set alerts.",
    suggestions: HELP_SUGGESTIONS,
    confidence: 'low',
  };
};

/** Too unsure to answer: the question and its choices as suggestions; no data, no action. */
export const clarify: Handler = ({ parsed }) => ({
  intent: 'clarify',
  response: parsed.clarify?.question ?? 'Could you say that another way? I was not sure what you meant.',
  suggestions: (parsed.clarify?.options ?? HELP_SUGGESTIONS).slice(0, 4),
  confidence: 'low',
});
