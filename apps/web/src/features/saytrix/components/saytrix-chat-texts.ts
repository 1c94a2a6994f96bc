import type { SaytrixMode } from '@nivesh/shared';
import type { ChatItem } from './message-bubble';

export const RECENT_QUESTIONS = [
  'Show me NIFTY performance',
  "What are today's top gainers?",
  'Tell me about RELIANCE stock',
  'Latest market news',
  'Portfolio analysis',
];
export const OFFLINE_BANNER = 'Server connection failed. Using offline mode with limited functionality.';
export const OFFLINE_REPLY_DELAY_MS = 500;
const MODE_SUGGESTIONS: Record<SaytrixMode, string[]> = {
  casual: ['How much cash do I have?', 'Price of TCS', 'Portfolio analysis'],
  expert: ['Charges for buying 10 Reliance', 'What is the price band?', 'Portfolio analysis'],
};

export const welcome = (name: string, short: boolean): ChatItem => ({
  id: 'welcome',
  role: 'assistant',
  kind: 'welcome',
  content: short
    ? 'Chat cleared. Ask me anything about the market or your account.'
    : `Hi ${name}! I'm **Saytrix**. I answer from your account and live quotes — prices, your portfolio, cash, orders and charges — and I can prepare trades for you to confirm.`,
});

/** No figures while offline: the server is the only source of numbers. */
export function offlineReply(question: string): string {
  if (/\b(reliance|ril)\b/i.test(question))
    return "I can't reach the server, so I can't fetch Reliance Industries' live price right now. Please try again shortly.";
  return "I can't reach the server right now, so I can't answer with figures. Please try again shortly.";
}

let counter = 0;
export const nextId = () => `local-${(counter += 1)}`;

/** The note Saytrix adds when the mode changes, with the new mode's suggestions. */
export function modeSwitched(next: SaytrixMode): ChatItem {
  return {
    id: nextId(),
    role: 'assistant',
    kind: 'text',
    content:
      next === 'expert'
        ? 'Switched to **Expert** mode: replies add the itemised figures and the rules behind them.'
        : 'Switched to **Casual** mode: short, plain answers.',
    reply: { response: '', intent: 'help', suggestions: MODE_SUGGESTIONS[next], confidence: 'high' },
  };
}
