import { useActivePortfolio } from '../../lib/active-portfolio';

/**
 * The line under a money screen's title naming the portfolio its figures are about (issue 25).
 * `mainOnly` names what the server keeps in Main for now: while another portfolio is active the
 * screen says it shows Main, not the active one.
 */
export function PortfolioTag({ mainOnly }: { mainOnly?: string }) {
  const active = useActivePortfolio();
  const other = mainOnly !== undefined && active.portfolioId !== undefined;
  return (
    <p data-testid="portfolio-tag" className="text-sm font-medium text-indigo-700 dark:text-indigo-300">
      {other
        ? `Main portfolio · ${mainOnly} are kept in Main for now, not in ${active.label}`
        : mainOnly !== undefined
          ? 'Main portfolio'
          : active.label}
    </p>
  );
}
