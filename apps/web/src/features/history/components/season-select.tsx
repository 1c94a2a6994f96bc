import { useId } from 'react';
import { inputClass } from '../../../components/ui/input';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { formatDate } from '../../../lib/date-format';
import { usePortfolioSeasons } from '../api/seasons-api';

/**
 * Picks which season of the active portfolio /history shows (issue 25): the open one, or a closed
 * one read-only. Shown only once the portfolio has been reset at least once.
 */
export function SeasonSelect({
  season,
  onChange,
}: {
  season: number | null;
  onChange: (season: number | null) => void;
}) {
  const id = useId();
  const { portfolio } = useActivePortfolio();
  const seasons = usePortfolioSeasons(portfolio?.id);
  const closed = (seasons.data ?? []).filter((s) => s.endedAt !== null);
  if (!portfolio || closed.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-300">
        Season
      </label>
      <select
        id={id}
        className={inputClass}
        value={season ?? 'open'}
        onChange={(e) => onChange(e.target.value === 'open' ? null : Number(e.target.value))}
      >
        <option value="open">Season {portfolio.season} (open)</option>
        {closed
          .sort((a, b) => b.season - a.season)
          .map((s) => (
            <option key={s.season} value={s.season}>
              Season {s.season} · closed {formatDate(s.endedAt!)} (read-only)
            </option>
          ))}
      </select>
    </div>
  );
}
