import { BarChart3, Bot, TrendingUp, Wallet } from 'lucide-react';
import { isShipped, type ShippedFeature } from '../../../lib/shipped-features';
import { AssistantIllustration, ChartIllustration, DashboardIllustration } from './showcase-illustrations';

interface Feature {
  icon: typeof Bot;
  title: string;
  text: string;
  /** Shown only once this feature has shipped. */
  needs?: ShippedFeature;
}

/** The landing page claims only what the app does: cards for unshipped features stay out. */
const ALL_FEATURES: Feature[] = [
  {
    icon: TrendingUp,
    title: 'NSE & BSE Market',
    text: 'Trade the NIFTY 500 on a market that moves like the real one, built on real NSE price history — or on live data when your server is connected to a provider.',
  },
  {
    icon: Wallet,
    title: 'Virtual ₹10,000 Portfolio',
    text: 'Start with ₹10,000 of virtual money. Every order pays realistic Indian brokerage, STT and GST, itemised on each trade.',
  },
  {
    icon: Bot,
    title: 'Saytrix AI Assistant',
    text: 'Ask Saytrix about your holdings and quotes by chat or by voice, and let it take you to the right screen.',
    needs: 'assistant',
  },
  {
    icon: BarChart3,
    title: 'Detailed Stock Analysis',
    text: isShipped('news')
      ? 'Candlestick charts with indicators, company profiles and market news for the stocks you follow.'
      : 'Candlestick charts with indicators, company profiles and watchlists for the stocks you follow.',
  },
];
export const FEATURES = ALL_FEATURES.filter((f) => !f.needs || isShipped(f.needs));

export const SHOWCASE = [
  {
    title: 'Your dashboard',
    text: 'Cash, holdings and profit and loss at a glance.',
    Illustration: DashboardIllustration,
  },
  {
    title: 'Interactive charts',
    text: 'Candles, volume and indicators for every stock.',
    Illustration: ChartIllustration,
  },
  ...(isShipped('assistant')
    ? [
        {
          title: 'Saytrix assistant',
          text: 'Answers from your own portfolio and live quotes.',
          Illustration: AssistantIllustration,
        },
      ]
    : []),
];

export const STORIES = [
  {
    name: 'A first-time investor',
    text: 'I wanted to understand how a market order and a limit order differ before putting real savings in. Practising with virtual money let me make my mistakes for free.',
  },
  {
    name: 'A college student',
    text: 'Seeing brokerage, STT and GST on every trade showed me why frequent small trades add up. The fees were the lesson I did not expect.',
  },
];
