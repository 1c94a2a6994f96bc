import { useActivePortfolio } from '../../lib/active-portfolio';

/** The line under a money screen's title naming the portfolio its figures are about (issue 25). */
export function PortfolioTag() {
  const active = useActivePortfolio();
  return (
    <p data-testid="portfolio-tag" className="text-sm font-medium text-indigo-700 dark:text-indigo-300">
      {active.label}
    </p>
  );
}
