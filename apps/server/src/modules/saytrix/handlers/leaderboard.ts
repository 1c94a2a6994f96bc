import { LEADERBOARD_OFF_MESSAGE, plural } from '@nivesh/shared';
import { pct, signedPct } from '../saytrix.format.js';
import type { Handler } from './types.js';
import { escapeMarkdownText } from '../saytrix.untrusted.js';

/** The user's rank and the figure it is ranked on (time-weighted return this week), or why unranked. */
export const leaderboard: Handler = async ({ userId }, d) => {
  if (d.tools.leaderboardOff?.())
    return { intent: 'leaderboard', response: LEADERBOARD_OFF_MESSAGE, suggestions: ['Show my habits'] };
  const board = await d.tools.leaderboard(userId);
  const me = board.you;
  const nav = { action: 'navigate' as const, params: { path: '/leaderboard' }, confidence: 'high' as const };
  if (!me.joined)
    return {
      intent: 'leaderboard',
      response: `You are not on the leaderboard: you have not joined it. Join it on the leaderboard page with a display name; ${plural(board.totalPlayers, 'player is', 'players are')} ranked this week.`,
      ...nav,
    };
  if (!me.row)
    return {
      intent: 'leaderboard',
      response: `You have joined as **${escapeMarkdownText(me.displayName ?? '')}** but are not ranked yet: a player is ranked after their first trade since joining.`,
      ...nav,
    };
  const r = me.row;
  return {
    intent: 'leaderboard',
    response: `You (**${escapeMarkdownText(me.displayName ?? '')}**) rank **#${r.rank} of ${board.totalPlayers}** ${board.season === 'all' ? 'of all time' : `this ${board.season}`}, on a time-weighted return of **${signedPct(r.returnPercent)}** (largest drawdown ${pct(r.maxDrawdownPercent)}, ${plural(r.trades, 'trade')}).`,
    ...nav,
    suggestions: ['Show my habits', 'Portfolio analysis'],
  };
};
