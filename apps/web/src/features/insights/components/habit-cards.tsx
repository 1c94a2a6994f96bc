import { describeFill, FIGURES, plural, type Habits } from '@nivesh/shared';
import { formatSignedInr, formatPrice } from '../../../lib/money-format';
import { chargesShareNote, chargesShareTip } from '../lib/charges-share';
import { formatHours, formatPoints } from '../lib/habit-format';
import { formatPercent } from '../../market/lib/format';
import { formatDay } from '../../../lib/date-format';
import { Figure, HabitCard, notEnough, pct, tone } from './habit-card';

function DispositionCard({ h }: { h: Habits }) {
  const d = h.disposition.result;
  return (
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
  );
}

function CostsCard({ h }: { h: Habits }) {
  const c = h.costs.result;
  return (
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
  );
}

function HoldingCard({ h }: { h: Habits }) {
  const ho = h.holding.result;
  return (
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
  );
}

function DrawdownCard({ h }: { h: Habits }) {
  const dd = h.drawdown.result;
  return (
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
  );
}

function ActivityCard({ h }: { h: Habits }) {
  const a = h.activity.result;
  return (
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
  );
}

function IfHeldCard({ h }: { h: Habits }) {
  const ih = h.ifHeld.result;
  return (
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
  );
}

/** The six habit cards, each with its figures or the reason there are none yet. */
export function HabitCards({ h }: { h: Habits }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <DispositionCard h={h} />
      <CostsCard h={h} />
      <HoldingCard h={h} />
      <DrawdownCard h={h} />
      <ActivityCard h={h} />
      <IfHeldCard h={h} />
    </div>
  );
}
