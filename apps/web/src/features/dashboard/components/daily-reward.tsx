import { lazy, Suspense, useEffect, useState } from 'react';
import { Flame, Gift } from 'lucide-react';
import { formatInr, type DailyRewardStatus } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { useNow } from '../../../lib/use-now';
import { useClaimDailyReward, useDailyReward } from '../../account/api/account-api';
import { formatDateTime } from '../../../lib/date-format';

// The invitation dialog is shown at most once a day; its code loads only then.
const Modal = lazy(async () => ({ default: (await import('../../../components/ui/modal')).Modal }));

/** A streak of 7 days or more earns an extra word. */
export const LONG_STREAK_DAYS = 7;

export function streakMessage(streak: number): string | null {
  return streak >= LONG_STREAK_DAYS
    ? `${streak}-day streak! You have come back every day for over a week.`
    : null;
}

/** The claim and its three outcomes (claimed, already claimed, failed); the server says whether cash moved. */
export function useClaimReward() {
  const claim = useClaimDailyReward();
  const run = (onDone?: () => void) =>
    claim.mutate(undefined, {
      onSuccess: (res) => {
        if (res.reward.awarded) {
          notify.success(`Daily reward claimed! +₹${res.reward.amount}`);
          const extra = streakMessage(res.reward.streak);
          if (extra) notify.info(extra);
        } else notify.info('Daily reward already claimed today!');
        onDone?.();
      },
      onError: () => notify.error('Failed to claim daily reward'),
    });
  return { claim: run, pending: claim.isPending };
}

function untilText(iso: string, now: Date): string {
  const ms = new Date(iso).getTime() - now.getTime();
  if (ms <= 0) return 'Available now';
  const h = Math.floor(ms / 3_600_000);
  const m = Math.ceil((ms % 3_600_000) / 60_000);
  return `in ${h > 0 ? `${h}h ` : ''}${m === 60 ? '59' : m}m`;
}

export function DailyRewardCard() {
  const status = useDailyReward();
  const { claim, pending } = useClaimReward();
  const now = useNow(30_000);
  const data = status.data;
  return (
    <Card aria-labelledby="daily-reward-title" data-testid="daily-reward-card">
      <CardTitle icon={<Gift aria-hidden="true" className="size-5 text-amber-600 dark:text-amber-400" />}>
        <span id="daily-reward-title">Daily reward</span>
      </CardTitle>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">Paid into your Main portfolio only.</p>
      {status.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading daily reward...
        </p>
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(status.error, 'Failed to fetch virtual money data')}
        </p>
      ) : (
        <RewardBody data={data!} now={now} pending={pending} onClaim={() => claim()} />
      )}
    </Card>
  );
}

function RewardBody({
  data,
  now,
  pending,
  onClaim,
}: {
  data: DailyRewardStatus;
  now: Date;
  pending: boolean;
  onClaim: () => void;
}) {
  const extra = streakMessage(data.loginStreak);
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
        <div className="flex items-center justify-between gap-3 px-3 py-2.5">
          <dt className="text-slate-600 dark:text-slate-300">Login streak</dt>
          <dd
            className="flex items-center gap-1 font-semibold text-slate-900 dark:text-white"
            data-testid="reward-streak"
          >
            <Flame aria-hidden="true" className="size-4 text-orange-500" />
            {data.loginStreak} {data.loginStreak === 1 ? 'day' : 'days'}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3 px-3 py-2.5">
          <dt className="text-slate-600 dark:text-slate-300">Total rewards</dt>
          <dd
            className="font-semibold tabular-nums text-slate-900 dark:text-white"
            data-testid="reward-total"
          >
            {formatInr(data.totalRewards)}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3 px-3 py-2.5">
          <dt className="text-slate-600 dark:text-slate-300">Next reward</dt>
          <dd
            className="font-semibold text-slate-900 dark:text-white"
            data-testid="reward-next"
            title={data.claimedToday ? formatDateTime(data.nextRewardAvailable) : undefined}
          >
            {data.claimedToday ? untilText(data.nextRewardAvailable, now) : 'Available now'}
          </dd>
        </div>
      </dl>
      {extra ? <p className="text-sm font-medium text-orange-700 dark:text-orange-300">{extra}</p> : null}
      {data.claimedToday ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Claimed today. Come back after midnight (IST) for the next {formatInr(data.amount)}.
        </p>
      ) : (
        <Button
          className="w-full"
          loading={pending}
          icon={<Gift aria-hidden="true" className="size-4" />}
          onClick={onClaim}
        >
          Claim {formatInr(data.amount)}
        </Button>
      )}
    </div>
  );
}

const PROMPT_KEY = 'nivesh.rewardPrompted';

function promptedToday(userId: string, day: string): boolean {
  try {
    return window.sessionStorage.getItem(PROMPT_KEY) === `${userId}:${day}`;
  } catch {
    return false;
  }
}

function markPrompted(userId: string, day: string): void {
  try {
    window.sessionStorage.setItem(PROMPT_KEY, `${userId}:${day}`);
  } catch {
    /* without session storage the invitation may show again on the next visit */
  }
}

const istDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/**
 * On the first dashboard visit of a session, if today's reward is unclaimed, invite the
 * claim. The modal only invites; cash moves when the user presses Claim and the server agrees.
 * Not on the day the account was opened: a newcomer has just been handed the opening balance and
 * meets the reward on the dashboard card instead of a second interruption.
 */
export function DailyRewardPrompt() {
  const user = useCurrentUser();
  const status = useDailyReward();
  const { claim, pending } = useClaimReward();
  const [open, setOpen] = useState(false);
  const day = istDay.format(new Date());

  useEffect(() => {
    if (
      !status.data ||
      status.data.claimedToday ||
      istDay.format(new Date(user.createdAt)) === day ||
      promptedToday(user.id, day)
    )
      return;
    markPrompted(user.id, day);
    setOpen(true);
  }, [status.data, user.id, user.createdAt, day]);

  const data = status.data;
  if (!data || !open) return null;
  return (
    <Suspense fallback={null}>
      <Modal open title="Your daily reward is ready" onClose={() => setOpen(false)}>
        <div className="space-y-4 text-center">
          <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
            <Gift aria-hidden="true" className="size-8" />
          </span>
          <p className="text-3xl font-bold text-slate-900 dark:text-white">{formatInr(data.amount)}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Claim your virtual cash for today.{' '}
            {data.loginStreak > 0
              ? `Current streak: ${data.loginStreak} ${data.loginStreak === 1 ? 'day' : 'days'}.`
              : 'Start a streak by coming back every day.'}
          </p>
          <div className="flex justify-center gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Later
            </Button>
            <Button loading={pending} onClick={() => claim(() => setOpen(false))}>
              Claim {formatInr(data.amount)}
            </Button>
          </div>
        </div>
      </Modal>
    </Suspense>
  );
}
