import type { AgentToolName } from '@nivesh/shared';

/**
 * What each tool does, for the agent choosing one (tools/list). Kite's wording where the tool is
 * Kite's, plus what differs here: everything is the token's own agent portfolio, in virtual rupees,
 * on Nivesh's simulated market, and instruments are written `NSE:ITC`.
 */
export const AGENT_TOOL_DESCRIPTIONS: Record<AgentToolName, string> = {
  get_profile:
    "The agent's profile: the token's name, its scopes, whether orders wait for approval, and the exchanges, products and order types it may use.",
  get_margins:
    'Funds of the agent portfolio (virtual rupees): cash, cash available to trade, cash blocked by open orders and the value invested.',
  get_holdings: 'Delivery (CNC) holdings of the agent portfolio, with average price, last price and P&L.',
  get_positions: 'Intraday (MIS) positions of the agent portfolio, with P&L; delivery is in get_holdings.',
  get_orders: "The agent portfolio's orders, newest first, including orders awaiting the user's approval.",
  get_order_history: 'The states one order went through (order_id from place_order or get_orders).',
  get_order_trades: 'The fills of one order: price, quantity and time.',
  get_trades: 'Every fill of the agent portfolio, newest first.',
  place_order:
    'Place an order in the agent portfolio (virtual rupees): NSE or BSE, CNC or MIS, MARKET, LIMIT or SL-M, ' +
    'variety regular. Refused when it would take exposure over the budget, past the daily loss limit, or ' +
    'outside the market rules; with approval on, it waits for the user.',
  modify_order: "Change an open order's quantity, or its limit (LIMIT) or trigger (SL-M) price.",
  cancel_order: 'Cancel an open order of the agent portfolio.',
  get_quotes:
    'Full quotes of instruments (e.g. ["NSE:ITC"]): last price, OHLC, volume, change and circuit limits.',
  get_ltp: 'Last traded prices of instruments (e.g. ["NSE:ITC", "NSE:TCS"]).',
  get_ohlc: "The last price with today's open, high and low and, as on Kite, close = the previous close.",
  get_historical_data:
    'Candles of one instrument between two dates; instrument_token is the instrument itself (e.g. NSE:ITC).',
  search_instruments:
    'Find stocks by symbol or company name; each answer has instrument_token NSE:SYMBOL to use in the other tools.',
  place_gtt_order:
    'Set a GTT on the agent portfolio: single (one trigger) or two-leg (stop and target, one cancels the ' +
    'other); when a trigger is touched a LIMIT order is placed at its limit price.',
  get_gtts: 'The active GTTs of the agent portfolio.',
  modify_gtt_order: "Change an active GTT's triggers, limit prices or quantity (trigger_id from get_gtts).",
  delete_gtt_order: 'Delete an active GTT.',
  get_news:
    "Nivesh's market news with its sentiment: for a stock (tradingsymbol), a search (query), or the market.",
  get_alerts: 'The price alerts of the agent portfolio.',
  set_alert:
    'Set a price alert on an instrument (e.g. NSE:ITC): above, below, crosses_up or crosses_down a value.',
};
