import { Briefcase, IndianRupee, Wallet } from 'lucide-react';
import { FigureLine, StatCard, StatGrid } from '../../../components/ui/stat-card';
import { formatInrFit, formatRupees } from '../../../lib/money-format';
import { plural } from '../../../lib/plural';
import type { useLiveFigures } from '../../account/api/use-live-figures';
import { TotalPnlCard } from '../../account/components/total-pnl-card';

type Figures = ReturnType<typeof useLiveFigures>['figures'];

/** The portfolio's four figures at live prices: value, invested, P&L and cash. */
export function PortfolioStats({ f }: { f: Figures }) {
  return (
    <StatGrid label="Portfolio summary">
      <StatCard
        figure="totalValue"
        icon={<Briefcase aria-hidden="true" className="size-4" />}
        value={f ? formatInrFit(f.totalValue) : '—'}
        title={f ? formatRupees(f.totalValue) : undefined}
        testId="portfolio-total-value"
        detail={f ? <FigureLine figure="reserved" value={formatInrFit(f.reserved)} /> : undefined}
      />
      <StatCard
        figure="invested"
        tone="sky"
        icon={<IndianRupee aria-hidden="true" className="size-4" />}
        value={f ? formatInrFit(f.invested) : '—'}
        title={f ? formatRupees(f.invested) : undefined}
        testId="portfolio-invested"
        detail={f ? <FigureLine figure="holdingsValue" value={formatInrFit(f.holdingsValue)} /> : undefined}
      />
      <TotalPnlCard figures={f} parts={['unrealisedPnl', 'realisedPnl', 'daysPnl']} testId="portfolio-pnl" />
      <StatCard
        figure="availableCash"
        tone="amber"
        icon={<Wallet aria-hidden="true" className="size-4" />}
        value={f ? formatInrFit(f.availableCash) : '—'}
        title={f ? formatRupees(f.availableCash) : undefined}
        testId="portfolio-cash"
        detail={
          f ? (
            <span className="text-slate-600 dark:text-slate-300">{plural(f.holdings, 'holding')}</span>
          ) : undefined
        }
      />
    </StatGrid>
  );
}
