import type { UseQueryResult } from '@tanstack/react-query';
import type { Quote, Profile } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { PriceChange } from '../../market/components/price-change';
import { CircuitLockBadge } from '../../market/components/circuit-limits';
import { circuitText } from '../../market/lib/circuit';
import { formatInteger, formatTime, MISSING, orMissing } from '../../market/lib/format';
import { formatCompact, formatMarketCap, formatPrice } from '../../../lib/money-format';
import { SimulatedBadge } from '../../../components/ui/simulated-badge';
import { Stat } from './stock-stat';

/** The live price, its change and the day's figures. */
export function StockPriceCard({ q }: { q: Quote }) {
  const money = (v: number) => formatPrice(v, q.currency);
  const circuit = circuitText(q);
  return (
    <Card className="lg:col-span-2">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-1">
        <span
          className="text-4xl font-bold tabular-nums text-slate-900 dark:text-white"
          data-testid="live-price"
        >
          {money(q.price)}
        </span>
        <PriceChange change={q.change} percent={q.changePercent} className="text-lg" />
        <CircuitLockBadge quote={q} />
        <SimulatedBadge />
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        Last updated {formatTime(q.lastUpdated)}
      </p>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="Day range" value={`${money(q.dayLow)} – ${money(q.dayHigh)}`} testId="day-range" />
        <Stat
          label="52-week range"
          value={
            q.yearLow !== null && q.yearHigh !== null ? `${money(q.yearLow)} – ${money(q.yearHigh)}` : MISSING
          }
          testId="year-range"
        />
        <Stat label="Volume" value={formatInteger(q.volume)} testId="volume" />
        <Stat label="Average volume" value={orMissing(q.avgVolume, formatCompact)} testId="avg-volume" />
        <Stat label="Open" value={money(q.open)} />
        <Stat label="Previous close" value={money(q.previousClose)} />
        {circuit ? (
          <Stat label={circuit.label} value={circuit.range} title={circuit.explain} testId="circuit-range" />
        ) : null}
      </dl>
    </Card>
  );
}

/** Market cap, P/E, EPS, dividend yield and beta: the profile's, else the quote's. */
export function StockFundamentals({ q, profile: p }: { q: Quote; profile: Profile | undefined }) {
  const money = (v: number) => formatPrice(v, q.currency);
  const marketCap = p?.marketCap ?? q.marketCap;
  const pe = p?.pe ?? q.pe;
  return (
    <Card className="lg:col-span-2">
      <CardTitle>Fundamentals</CardTitle>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label="Market cap" value={formatMarketCap(marketCap, q.currency)} testId="market-cap" />
        <Stat label="P/E" value={orMissing(pe)} testId="pe" />
        <Stat label="EPS" value={orMissing(p?.eps, money)} testId="eps" />
        <Stat
          label="Dividend yield"
          value={orMissing(p?.dividendYield, (v) => `${v.toFixed(2)}%`)}
          testId="dividend-yield"
        />
        <Stat label="Beta" value={orMissing(p?.beta)} testId="beta" />
      </dl>
    </Card>
  );
}

/** The company profile: sector, industry, ISIN and description. */
export function StockAbout({ name, profile }: { name: string; profile: UseQueryResult<Profile> }) {
  const p = profile.data;
  return (
    <Card>
      <CardTitle>About {name}</CardTitle>
      {profile.isError ? (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {errorMessage(profile.error, 'Company profile not found')}
        </p>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label="Sector" value={p?.sector ?? MISSING} testId="sector" />
        <Stat label="Industry" value={p?.industry ?? MISSING} testId="industry" />
        <Stat label="ISIN" value={p?.isin ?? MISSING} />
      </dl>
      <p
        className="mt-4 text-sm leading-relaxed text-slate-700 dark:text-slate-200"
        data-testid="description"
      >
        {p?.description ?? (profile.isPending ? 'Loading company profile...' : 'No description available.')}
      </p>
    </Card>
  );
}
