import {
  LEADERBOARD_OFF_MESSAGE,
  type SaytrixAction,
  type SaytrixChatRequest,
  type SaytrixScope,
} from '@nivesh/shared';
import type { AccountRef } from '../../db/account-id.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { PORTFOLIO_NOT_FOUND, type PortfoliosService } from '../portfolios/portfolios.service.js';
import type { ReplayService } from '../replay/replay.service.js';
import type { Draft } from './handlers/types.js';
import { REPLAY_REFUSALS, replayTools } from './saytrix.replay-tools.js';
import type { SaytrixTools } from './saytrix.tools.js';

/** The tools one chat reads, the clock it answers at, and (blind) the stock names it may match. */
export interface ScopedTools {
  tools: SaytrixTools;
  now?: (() => number) | undefined;
  /** Set when the question's stocks are matched against other names than the live catalog's. */
  finderKey?: string | undefined;
}

/**
 * Which portfolio (and market) a chat is about (issue 25): main by default; a custom portfolio by
 * its id (another user's is a 404); a replay by its id, with its own portfolio and market at its
 * clock. A replay's portfolio is answered only together with its replayId.
 */
export class SaytrixScopes {
  constructor(
    private readonly o: {
      portfolios: PortfoliosService;
      replays: ReplayService;
      /** The live market and main portfolio (the leaderboard and habits inside a replay). */
      live: SaytrixTools;
      /** The live market and another of the user's portfolios. */
      forPortfolio: (who: AccountRef & { startingCashPaise: bigint }, scope: SaytrixScope) => SaytrixTools;
    },
  ) {}

  async resolve(
    userId: string,
    request: Pick<SaytrixChatRequest, 'portfolioId' | 'replayId'>,
  ): Promise<ScopedTools | undefined> {
    if (request.replayId) {
      const scoped = await replayTools({
        replays: this.o.replays,
        live: this.o.live,
        userId,
        replayId: request.replayId,
      });
      const scope = scoped.tools.scope!;
      if (request.portfolioId !== undefined && request.portfolioId !== scope.portfolioId)
        throw notFound(PORTFOLIO_NOT_FOUND);
      return {
        ...scoped,
        finderKey: scope.blind && !scope.finished ? `replay:${scope.replayId}` : undefined,
      };
    }
    if (request.portfolioId === undefined) return undefined;
    const who = await this.o.portfolios.resolveToTrade(userId, request.portfolioId);
    if (who.kind === 'replay')
      throw badRequest(
        'A replay’s portfolio is answered together with its replay: send its replayId as well',
        { portfolioId: 'Send the replayId with a replay’s portfolio' },
      );
    if (who.kind === 'main') return undefined;
    return {
      tools: this.o.forPortfolio(who, { portfolioId: who.portfolioId, name: who.name, kind: who.kind }),
    };
  }
}

/** Intents whose answer is about the portfolio's money, orders or proposals. */
const PORTFOLIO_INTENTS = new Set<Draft['intent']>([
  'portfolio',
  'holding',
  'cash',
  'orders',
  'transactions',
  'buy',
  'sell',
  'alert',
  'gtt',
  'journal',
  'habits',
]);

/** Proposals carried out in a portfolio: confirmed, they go to the scope's portfolio. */
const PORTFOLIO_ACTIONS = new Set<SaytrixAction>([
  'buy_stock',
  'sell_stock',
  'cancel_order',
  'modify_order',
  'set_alert',
  'modify_alert',
  'delete_alert',
  'create_gtt',
  'modify_gtt',
  'delete_gtt',
  'add_journal_note',
]);

/** What the live market alone runs: refused inside a replay, with the reason. */
const LIVE_ONLY: Partial<Record<SaytrixAction, string>> = {
  set_alert: REPLAY_REFUSALS.alerts,
  modify_alert: REPLAY_REFUSALS.alerts,
  delete_alert: REPLAY_REFUSALS.alerts,
  create_gtt: REPLAY_REFUSALS.alerts,
  modify_gtt: REPLAY_REFUSALS.alerts,
  delete_gtt: REPLAY_REFUSALS.alerts,
  add_watchlist: REPLAY_REFUSALS.watchlists,
  remove_watchlist: REPLAY_REFUSALS.watchlists,
  add_journal_note: REPLAY_REFUSALS.history,
};

/** A finished replay's portfolio is read-only. */
const TRADE_ACTIONS = new Set<SaytrixAction>(['buy_stock', 'sell_stock', 'cancel_order', 'modify_order']);

/** The app's screens show the live market and the switcher's portfolio: no card links out of a replay. */
const SCREEN_ACTIONS = new Set<SaytrixAction>(['navigate', 'show_portfolio', 'search_stock']);

const REPLAY_NEWS =
  'There is no news inside a replay: the news store holds today’s headlines, not the replay’s, so I show none. Ask how a stock or the market moved instead.';

const BLIND_NAMES =
  'In a blind replay I know the stocks only by their stand-in names (“Stock A”, STOCK-A); the real names and dates stay hidden until you finish it. Ask for the top gainers to see some.';

const REPLAY_CHART =
  'The replay’s own chart, on this screen, shows its market up to the replay clock; the Charts page shows the live market, so I don’t open it from a replay.';

const said = (draft: Draft, response: string): Draft => ({
  intent: draft.intent,
  response,
  suggestions: draft.suggestions ?? [],
  confidence: 'high',
});

/** "You have…" reads on after "In Swing ideas:" as "you have…". */
const lead = (name: string, text: string) =>
  `In **${name}**: ${/^(You|Your)\b/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text}`;

/**
 * A handler's answer made true to its scope: named after the portfolio when it is not Main,
 * proposals addressed to that portfolio, and what the live market alone runs (alerts, GTTs,
 * watchlists, news, the app's screens) refused inside a replay. Main's answers pass unchanged.
 */
export function scopeDraft(draft: Draft, scope: SaytrixScope | undefined): Draft {
  if (!scope || scope.kind === 'main') return draft;
  const replay = scope.kind === 'replay';
  const action = draft.action;
  if (replay && draft.intent === 'news') return said(draft, REPLAY_NEWS);
  // A blind replay knows its stocks by stand-ins only: a real name finds nothing, and the reply
  // neither confirms nor denies that the stock is in the replay.
  if (scope.blind && !scope.finished && /^Which stock/.test(draft.response))
    return {
      ...said(draft, BLIND_NAMES),
      suggestions: ['Top gainers today', 'Portfolio analysis'],
      confidence: 'low',
    };
  if (replay && action && LIVE_ONLY[action]) return said(draft, `${LIVE_ONLY[action]}.`);
  if (replay && scope.finished && action && TRADE_ACTIONS.has(action))
    return said(
      draft,
      'This replay is finished; its portfolio is read-only. Start a new replay to trade again.',
    );
  let out: Draft = { ...draft };
  if (action && PORTFOLIO_ACTIONS.has(action)) {
    out.params = {
      ...(draft.params ?? {}),
      portfolioId: scope.portfolioId,
      ...(scope.replayId ? { replayId: scope.replayId } : {}),
    };
  }
  // The Charts page shows the live market: inside a replay, its own screen has the replay's chart.
  if (replay && draft.intent === 'chart') return said(draft, REPLAY_CHART);
  // Asked to go to another screen, the user leaves the replay; a card's link would show the live
  // market or another portfolio as if it were the replay's.
  if (replay && action && SCREEN_ACTIONS.has(action) && draft.intent !== 'navigate') {
    const { path: _path, ...rest } = draft.params ?? {};
    const { action: _action, params: _params, ...bare } = out;
    out = Object.keys(rest).length ? { ...bare, params: rest } : bare;
  }
  if (PORTFOLIO_INTENTS.has(draft.intent) && !(replay && draft.intent === 'habits'))
    out.response = lead(scope.name, out.response);
  if (draft.intent === 'leaderboard' && out.response !== LEADERBOARD_OFF_MESSAGE)
    out.response = `${replay ? 'Replays are never ranked; the' : 'The'} leaderboard ranks your Main portfolio only. ${out.response}`;
  // Inside a replay the habits answer is Main's (the live tools'); a custom portfolio's are its own.
  if (replay && draft.intent === 'habits')
    out.response = `Habits are read from your Main portfolio, not the replay. ${out.response}`;
  return out;
}
