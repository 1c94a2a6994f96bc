import type { ReactNode } from 'react';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { AccountFigures } from '@nivesh/shared';
import { FigureLine, StatCard } from '../../../components/ui/stat-card';
import { formatInrFit, formatSignedInr } from '../../../lib/money-format';
import { changeTone } from '../../market/lib/format';

/** A P&L as every screen writes it: signed, exact to the paisa below a crore. */
export const formatPnl = (rupees: number) => formatSignedInr(rupees, formatInrFit);

/**
 * The glossary's Total P&L, the one card every screen shows it with, from the live figures
 * (`useLiveFigures`), so no two places on a page can disagree. `parts` lists the figures it is
 * made of under it (Unrealised and Realised P&L, and Day's P&L where the screen wants it).
 */
export function TotalPnlCard({
  figures: f,
  parts = [],
  placeholder = '—',
  testId,
}: {
  figures: AccountFigures | undefined;
  parts?: readonly ('unrealisedPnl' | 'realisedPnl' | 'daysPnl')[];
  placeholder?: ReactNode;
  testId: string;
}) {
  const loss = f !== undefined && f.totalPnl < 0;
  return (
    <StatCard
      figure="totalPnl"
      tone={loss ? 'rose' : 'emerald'}
      icon={
        loss ? (
          <TrendingDown aria-hidden="true" className="size-4" />
        ) : (
          <TrendingUp aria-hidden="true" className="size-4" />
        )
      }
      value={f ? formatPnl(f.totalPnl) : placeholder}
      valueClassName={f ? changeTone(f.totalPnl) : undefined}
      title={f ? formatSignedInr(f.totalPnl) : undefined}
      testId={testId}
      detail={
        f && parts.length > 0 ? (
          <>
            {parts.map((key) => (
              <FigureLine
                key={key}
                figure={key}
                value={formatPnl(f[key])}
                valueClassName={changeTone(f[key])}
              />
            ))}
          </>
        ) : undefined
      }
    />
  );
}
