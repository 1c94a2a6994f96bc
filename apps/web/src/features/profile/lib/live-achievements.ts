import type { AccountFigures, Achievement } from '@nivesh/shared';
import { formatPnl } from '../../account/components/total-pnl-card';

/**
 * Profit Maker is earned while Total P&L is above zero, so it reads the same live figure as the
 * Total P&L card beside it: the stats' copy was taken when they were fetched and would disagree
 * with the card as soon as a price moved. Until the live figures arrive it shows none.
 */
export function withLiveTotalPnl(
  achievements: readonly Achievement[],
  figures: AccountFigures | undefined,
): Achievement[] {
  return achievements.map((a) =>
    a.id !== 'profit-maker'
      ? a
      : {
          ...a,
          earned: figures !== undefined && figures.totalPnl > 0,
          progress: `Total P&L ${figures ? formatPnl(figures.totalPnl) : '—'}`,
        },
  );
}
