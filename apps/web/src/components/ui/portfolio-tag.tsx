import { useActivePortfolio } from '../../lib/active-portfolio';
import { cn } from '../../lib/cn';

/** The line under a money screen's title naming the portfolio its figures are about (issue 25). */
export function PortfolioTag({ className }: { className?: string }) {
  const { label } = useActivePortfolio();
  return (
    <p
      data-testid="portfolio-tag"
      className={cn('text-sm font-medium text-indigo-700 dark:text-indigo-300', className)}
    >
      <span className="sr-only">Showing: </span>
      {label}
    </p>
  );
}
