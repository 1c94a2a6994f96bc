import { LineChart } from 'lucide-react';
import { PERFORMANCE_RANGES, type Portfolio } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { ComparisonChart } from './comparison-chart';
import { ComparisonTable } from './comparison-table';
import { usePortfolioComparison } from './use-portfolio-comparison';

/**
 * Side by side (issue 25): each portfolio's return over the range from its own equity snapshots,
 * and NIFTY 50's over the same span, from the same performance endpoint. The chart is percent
 * change from each series' first day; the table is what a screen reader gets.
 */
export function PortfolioComparison({ portfolios }: { portfolios: Portfolio[] }) {
  const s = usePortfolioComparison(portfolios);
  const { range, setRange } = s;

  return (
    <Card aria-labelledby="comparison-title">
      <CardTitle
        icon={<LineChart aria-hidden="true" className="size-5" />}
        action={
          <ToggleGroup
            label="Range"
            value={range}
            onChange={setRange}
            options={PERFORMANCE_RANGES.map((r) => ({ key: r, label: r }))}
          />
        }
      >
        <span id="comparison-title">Returns against NIFTY 50</span>
      </CardTitle>
      <ComparisonChart s={s} />
      <ComparisonTable s={s} />
    </Card>
  );
}
