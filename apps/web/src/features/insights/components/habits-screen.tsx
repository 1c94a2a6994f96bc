import type { ReactNode } from 'react';
import { Hourglass } from 'lucide-react';
import { describeFill, FIGURES, plural, type Habits, type NotEnough, type Yardstick } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { InfoTip } from '../../../components/ui/info-tip';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatSignedInr, formatPrice } from '../../../lib/money-format';
import { useHabits } from '../api/insights-api';
import { chargesShareNote, chargesShareTip } from '../lib/charges-share';
import { formatHours, formatPoints, notEnoughText } from '../lib/habit-format';
import { formatPercent } from '../../market/lib/format';
import { formatDay } from '../../../lib/date-format';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

const tone = (value: number) =>
  value > 0 ? 'text-emerald-700 dark:text-emerald-400' : value < 0 ? 'text-red-700 dark:text-red-400' : '';
const pct = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}%`);

function Figure({
  label,
  info,
  value,
  testId,
  className,
}: {
  label: string;
  /** How the figure is worked out, for the info tip beside its label. */
  info?: { name: string; text: string };
  value: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-300">
        {label}
        {info ? <InfoTip label={info.name} text={info.text} className="ml-0.5" /> : null}
      </dt>
      <dd
        className={`text-lg font-bold tabular-nums ${className || 'text-slate-900 dark:text-white'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

function HabitCard({
  id,
  title,
  question,
  yardstick,
  insufficient,
  children,
}: {
  id: string;
  title: string;
  question: string;
  yardstick: Yardstick;
  insufficient: NotEnough | null;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3" data-testid={`habit-${id}`} aria-labelledby={`habit-${id}-title`}>
      <div>
        <h2 id={`habit-${id}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{question}</p>
      </div>
      {insufficient ? (
        <p
          className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-900/60 dark:text-slate-200"
          data-testid="habit-not-enough"
        >
          <Hourglass aria-hidden="true" className="size-4 shrink-0" />
          {notEnoughText(insufficient)}
        </p>
      ) : (
        children
      )}
      <div className="mt-auto border-t border-slate-100 pt-3 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
        <p className="text-slate-700 dark:text-slate-200">{yardstick.text}</p>
        <p className="mt-1 italic">Source: {yardstick.source}</p>
      </div>
    </Card>
  );
}

const notEnough = <T extends { status: string }>(r: T | NotEnough): NotEnough | null =>
  r.status === 'insufficient' ? (r as NotEnough) : null;

function HabitCards({ h }: { h: Habits }) {
  const d = h.disposition.result;
  const c = h.costs.result;
  const ho = h.holding.result;
  const dd = h.drawdown.result;
  const a = h.activity.result;
  const ih = h.ifHeld.result;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <HabitCard
        id="disposition"
        title="Disposition effect"
        question="Do you sell winners sooner than losers?"
        yardstick={h.disposition.yardstick}
        insufficient={notEnough(d)}
      >
        {d.status === 'ready' ? (
          <div className="space-y-2">
            <dl className="grid grid-cols-3 gap-3">
              <Figure label="Gains realised (PGR)" value={pct(d.pgr)} testId="habit-pgr" />
              <Figure label="Losses realised (PLR)" value={pct(d.plr)} testId="habit-plr" />
              <Figure
                label="PGR − PLR"
                value={d.difference === null ? '—' : formatPoints(d.difference)}
                testId="habit-disposition-difference"
              />
            </dl>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              At your sales: {d.realizedGains} realised gains, {d.realizedLosses} realised losses;{' '}
              {d.paperGains} paper gains and {d.paperLosses} paper losses left standing.
            </p>
          </div>
        ) : null}
      </HabitCard>

      <HabitCard
        id="costs"
        title="Turnover and charges"
        question="How much do you trade, and what do the charges take?"
        yardstick={h.costs.yardstick}
        insufficient={notEnough(c)}
      >
        {c.status === 'ready' ? (
          <div className="space-y-2">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Figure
                label={`Turnover (${c.tradedDays} ${c.tradedDays === 1 ? 'day' : 'days'})`}
                value={`${c.turnoverPercent.toFixed(2)}%`}
                testId="habit-turnover"
              />
              <Figure label="Charges paid" value={formatPrice(c.chargesPaid)} testId="habit-charges" />
              <Figure
                label="Charges / gross realised P&L"
                info={{ name: FIGURES.chargesShare.name, text: chargesShareTip(c) }}
                value={c.chargesShareOfGross === null ? '—' : `${c.chargesShareOfGross.toFixed(2)}%`}
                testId="habit-charges-share"
              />
            </dl>
            <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="habit-charges-share-note">
              {chargesShareNote(c)}
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              Gross realised P&amp;L before charges {formatSignedInr(c.grossRealizedPnl)}.{' '}
              {c.annualTurnoverPercent === null
                ? 'A yearly rate is shown after 30 days of trading.'
                : `That is ${c.annualTurnoverPercent.toFixed(0)}% a year.`}
            </p>
          </div>
        ) : null}
      </HabitCard>

      <HabitCard
        id="holding"
        title="Holding time"
        question="How long do you keep winners compared with losers?"
        yardstick={h.holding.yardstick}
        insufficient={notEnough(ho)}
      >
        {ho.status === 'ready' ? (
          <dl className="grid grid-cols-2 gap-3">
            <Figure
              label={`Winners (${ho.winners})`}
              value={formatHours(ho.winnerHours)}
              testId="habit-winner-hours"
            />
            <Figure
              label={`Losers (${ho.losers})`}
              value={formatHours(ho.loserHours)}
              testId="habit-loser-hours"
            />
          </dl>
        ) : null}
      </HabitCard>

      <HabitCard
        id="drawdown"
        title="Largest drawdown"
        question="How far has your account fallen from a peak?"
        yardstick={h.drawdown.yardstick}
        insufficient={notEnough(dd)}
      >
        {dd.status === 'ready' ? (
          <div className="space-y-2">
            <dl className="grid grid-cols-2 gap-3">
              <Figure
                label={`Over ${plural(dd.days, 'day')}`}
                value={`−${dd.maxDrawdownPercent.toFixed(2)}%`}
                testId="habit-drawdown"
              />
            </dl>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {formatPrice(dd.peakValue)} on {formatDay(dd.peakDate)} to {formatPrice(dd.troughValue)} on{' '}
              {formatDay(dd.troughDate)}
            </p>
          </div>
        ) : null}
      </HabitCard>

      <HabitCard
        id="activity"
        title="Trades per active day"
        question="Does trading more pay?"
        yardstick={h.activity.yardstick}
        insufficient={notEnough(a)}
      >
        {a.status === 'ready' ? (
          <dl className="grid grid-cols-2 gap-3">
            <Figure
              label={`${plural(a.fills, 'trade')} on ${plural(a.activeDays, 'day')}`}
              value={a.tradesPerActiveDay.toFixed(1)}
              testId="habit-per-day"
            />
            <Figure
              label={`Return (${formatSignedInr(a.tradingPnl)})`}
              value={formatPercent(a.returnPercent)}
              className={tone(a.returnPercent)}
              testId="habit-return"
            />
          </dl>
        ) : null}
      </HabitCard>

      <HabitCard
        id="if-held"
        title="If you had held"
        question="What your latest sales would be worth now"
        yardstick={h.ifHeld.yardstick}
        insufficient={notEnough(ih)}
      >
        {ih.status === 'ready' ? (
          <div>
            <ul
              className="divide-y divide-slate-100 text-sm dark:divide-slate-700/60"
              data-testid="habit-if-held-rows"
            >
              {ih.rows.map((r) => (
                <li
                  key={`${r.symbol}-${r.soldOn}`}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5"
                >
                  <span className="text-slate-700 dark:text-slate-200">
                    {describeFill({ side: 'SELL', quantity: r.quantity, symbol: r.symbol, price: r.soldAt })},
                    now {formatPrice(r.priceNow)}
                  </span>
                  <span className={`font-semibold tabular-nums ${tone(r.difference)}`}>
                    {formatSignedInr(r.difference)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-200" data-testid="habit-if-held-total">
              {ih.total > 0 ? (
                <>
                  Holding on would have made{' '}
                  <span className={`font-semibold tabular-nums ${tone(ih.total)}`}>
                    {formatPrice(ih.total)}
                  </span>{' '}
                  more.
                </>
              ) : ih.total < 0 ? (
                <>
                  Selling saved you{' '}
                  <span className="font-semibold tabular-nums text-emerald-700 dark:text-emerald-400">
                    {formatPrice(-ih.total)}
                  </span>
                  .
                </>
              ) : (
                'Holding on would have made no difference so far.'
              )}
            </p>
          </div>
        ) : null}
      </HabitCard>
    </div>
  );
}

/** /insights: "Your trading habits", from the user's own ledger, each beside a yardstick. */
export function HabitsScreen() {
  const habits = useHabits();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Your trading habits</h1>
        <PortfolioTag />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Worked out from your own fills and account value, each beside a published yardstick.
        </p>
      </div>
      {habits.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 p-10 text-sm text-slate-600 dark:text-slate-300"
        >
          <Spinner size="sm" /> Working out your habits...
        </p>
      ) : habits.isError ? (
        <Card className="text-center">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(habits.error, 'Failed to load your habits')}
          </p>
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => void habits.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <HabitCards h={habits.data} />
      )}
    </div>
  );
}
