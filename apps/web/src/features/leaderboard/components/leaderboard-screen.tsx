import { useState } from 'react';
import { ChevronLeft, ChevronRight, Trophy } from 'lucide-react';
import {
  LEADERBOARD_OFF_MESSAGE,
  displayNameField,
  type Leaderboard,
  type LeaderboardRow,
  type LeaderboardSeason,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { useJoinLeaderboard, useLeaderboard, useLeaveLeaderboard } from '../api/leaderboard-api';
import { formatPercent } from '../../market/lib/format';
import { formatDay } from '../../../lib/date-format';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { InstanceGate } from '../../../components/ui/instance-gate';

const SEASONS: { key: LeaderboardSeason; label: string }[] = [
  { key: 'week', label: 'This week' },
  { key: 'month', label: 'This month' },
  { key: 'all', label: 'All time' },
];

function seasonDates(data: Leaderboard): string {
  if (!data.startDate || !data.endDate) return 'All time: each player since they joined';
  return `${formatDay(data.startDate)} – ${formatDay(data.endDate)} (IST)`;
}

function JoinForm({
  joined,
  currentName,
  showHoldings,
}: {
  joined: boolean;
  currentName: string | null;
  showHoldings: boolean;
}) {
  const [name, setName] = useState(currentName ?? '');
  const [show, setShow] = useState(showHoldings);
  const [error, setError] = useState<string | undefined>();
  const join = useJoinLeaderboard();
  const leave = useLeaveLeaderboard();

  const submit = async () => {
    const parsed = displayNameField.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const res = await join.mutateAsync({ displayName: parsed.data, showHoldings: show });
      notify.success(res.message);
    } catch (e) {
      setError(
        e instanceof ApiError
          ? (e.fieldErrors.displayName ?? e.message)
          : errorMessage(e, 'Could not join the leaderboard'),
      );
    }
  };

  const doLeave = async () => {
    try {
      notify.success((await leave.mutateAsync()).message);
      setName('');
    } catch (e) {
      notify.error(errorMessage(e, 'Could not leave the leaderboard'));
    }
  };

  return (
    <form
      className="space-y-3"
      aria-label={joined ? 'Leaderboard settings' : 'Join the leaderboard'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Display name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
        hint="Shown to other players instead of your name or e-mail."
        maxLength={24}
      />
      <Checkbox label="Show which stocks I hold" checked={show} onChange={(e) => setShow(e.target.checked)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={join.isPending}>
          {joined ? 'Save' : 'Join leaderboard'}
        </Button>
        {joined ? (
          <Button variant="secondary" onClick={() => void doLeave()} loading={leave.isPending}>
            Leave leaderboard
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function Row({ row }: { row: LeaderboardRow }) {
  return (
    <tr
      className={cn(
        'border-t border-slate-100 dark:border-slate-800',
        row.isYou && 'bg-indigo-50 dark:bg-indigo-950/40',
      )}
      data-testid={row.isYou ? 'leaderboard-you' : undefined}
    >
      <td className="px-3 py-2 tabular-nums">{row.rank}</td>
      <td className="px-3 py-2 font-medium">
        {row.displayName}
        {row.isYou ? <span className="ml-2 text-xs text-indigo-700 dark:text-indigo-300">(you)</span> : null}
        {row.holdings ? (
          <p className="text-xs font-normal text-slate-600 dark:text-slate-300">
            {row.holdings.length
              ? row.holdings.map((h) => `${h.symbol} × ${h.quantity}`).join(', ')
              : 'No holdings'}
          </p>
        ) : null}
      </td>
      <td
        className={cn(
          'px-3 py-2 text-right tabular-nums',
          row.returnPercent > 0
            ? 'text-green-700 dark:text-green-400'
            : row.returnPercent < 0
              ? 'text-red-700 dark:text-red-400'
              : '',
        )}
      >
        {formatPercent(row.returnPercent)}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">
        {row.maxDrawdownPercent > 0 ? `−${row.maxDrawdownPercent.toFixed(2)}%` : '0.00%'}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{row.trades}</td>
      <td className="px-3 py-2 text-right tabular-nums">{row.daysActive}</td>
    </tr>
  );
}

function Table({ rows, caption }: { rows: LeaderboardRow[]; caption: string }) {
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-xs uppercase text-slate-600 dark:text-slate-300">
            <th scope="col" className="px-3 py-2">
              Rank
            </th>
            <th scope="col" className="px-3 py-2">
              Player
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Return
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Max drawdown
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Trades
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Days active
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Row key={`${r.rank}-${r.displayName}`} row={r} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** /leaderboard: opt-in rankings by time-weighted return, with your own rank wherever it is. */
/** PUBLIC_LEADERBOARD off (a public instance's default): the page says so and asks the server nothing. */
export function LeaderboardScreen() {
  return (
    <InstanceGate
      setting="publicLeaderboard"
      title="Leaderboard"
      offMessage={LEADERBOARD_OFF_MESSAGE}
      testId="leaderboard-off"
    >
      <PublicLeaderboard />
    </InstanceGate>
  );
}

function PublicLeaderboard() {
  const [season, setSeason] = useState<LeaderboardSeason>('week');
  const [page, setPage] = useState(1);
  const board = useLeaderboard(season, page);
  const data = board.data;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Leaderboard</h1>
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">
          Counts Main portfolios only: custom and replay portfolios are never ranked.
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Ranked by time-weighted return since the season began (or since you joined): daily rewards and
          account resets neither help nor hurt. For learning only — there are no prizes.
        </p>
      </div>

      <Card>
        <CardTitle icon={<Trophy aria-hidden="true" className="size-5 text-amber-500" />}>
          {data?.you.joined ? 'Your place' : 'Join the leaderboard'}
        </CardTitle>
        {data ? (
          <div className="space-y-4">
            {data.you.joined ? (
              data.you.row ? (
                <div data-testid="leaderboard-own-rank">
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    You are ranked{' '}
                    <strong className="text-slate-900 dark:text-white">#{data.you.row.rank}</strong> of{' '}
                    {data.totalPlayers} as <strong>{data.you.displayName}</strong>.
                  </p>
                  <Table rows={[data.you.row]} caption="Your row" />
                </div>
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="leaderboard-own-rank">
                  You joined as <strong>{data.you.displayName}</strong>. Make your first trade to be ranked.
                </p>
              )
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Choose a display name to take part. Your holdings stay private unless you choose to show them.
              </p>
            )}
            <JoinForm
              key={data.you.displayName ?? 'new'}
              joined={data.you.joined}
              currentName={data.you.displayName}
              showHoldings={data.you.showHoldings}
            />
          </div>
        ) : (
          <Spinner />
        )}
      </Card>

      <Card>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <ToggleGroup
            label="Season"
            options={SEASONS}
            value={season}
            onChange={(s) => {
              setSeason(s);
              setPage(1);
            }}
          />
          {data ? (
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="leaderboard-season-dates">
              {seasonDates(data)}
            </p>
          ) : null}
        </div>
        {board.isPending ? (
          <Spinner />
        ) : board.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(board.error, 'Could not load the leaderboard')}
          </p>
        ) : data && data.rows.length ? (
          <>
            <Table rows={data.rows} caption="Leaderboard" />
            {data.totalPages > 1 ? (
              <div className="mt-4 flex items-center justify-end gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                  icon={<ChevronLeft aria-hidden="true" className="size-4" />}
                >
                  Previous
                </Button>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  Page {data.page} of {data.totalPages}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= data.totalPages}
                  onClick={() => setPage((p) => p + 1)}
                  icon={<ChevronRight aria-hidden="true" className="size-4" />}
                >
                  Next
                </Button>
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No ranked players yet: players appear after their first trade.
          </p>
        )}
      </Card>
    </div>
  );
}
