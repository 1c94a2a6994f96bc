import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { downloadCapitalGains, useCapitalGains } from '../api/reports-api';
import { ContractNotes } from './contract-notes';
import { LotsTable } from './lots-table';
import { TaxSummary } from './tax-summary';
import { useDownload } from './use-download';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

/** /reports: the capital-gains statement of a financial year and the contract notes. */
export function ReportsScreen() {
  const [fy, setFy] = useState<string | null>(null);
  const report = useCapitalGains(fy);
  const download = useDownload();
  const { portfolioId } = useActivePortfolio();
  const data = report.data;
  const years = data ? [...new Set([data.currentYear, ...data.yearsWithSells])].sort().reverse() : [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Tax reports</h1>
          <PortfolioTag />
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Capital gains of your paper trades by financial year (April to March). Estimates for learning, not
            tax advice.
          </p>
        </div>
        {data ? (
          <div className="space-y-1.5">
            <label
              htmlFor="report-fy"
              className="block text-xs font-medium text-slate-700 dark:text-slate-200"
            >
              Financial year
            </label>
            <select
              id="report-fy"
              value={data.financialYear}
              onChange={(e) => setFy(e.target.value)}
              className={inputClass}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  FY {y}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {report.isPending ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 p-10 text-sm text-slate-600 dark:text-slate-300"
        >
          <Spinner size="sm" /> Working out your capital gains...
        </p>
      ) : report.isError ? (
        <Card className="text-center">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(report.error, 'Failed to load your capital gains')}
          </p>
          <Button className="mt-3" variant="secondary" size="sm" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <>
          <TaxSummary report={data!} />
          <Card flush aria-labelledby="lots-title">
            <div className="p-5 pb-0">
              <CardTitle
                action={
                  <div className="flex flex-wrap gap-2">
                    {(['csv', 'pdf'] as const).map((format) => (
                      <Button
                        key={format}
                        variant="secondary"
                        size="sm"
                        icon={<Download aria-hidden="true" className="size-4" />}
                        loading={download.pending === format}
                        disabled={download.pending !== null}
                        onClick={() =>
                          void download.run(format, () =>
                            downloadCapitalGains(data!.financialYear, format, portfolioId),
                          )
                        }
                      >
                        {format.toUpperCase()}
                      </Button>
                    ))}
                  </div>
                }
              >
                <span id="lots-title">Realised lots, FY {data!.financialYear}</span>
              </CardTitle>
              <p className="mb-3 text-xs text-slate-600 dark:text-slate-300">
                {data!.from} to {data!.to}. Matched first in, first out per stock; a same-day buy and sell is
                intraday; held more than 12 months is long-term.
              </p>
              {download.error ? (
                <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
                  {download.error}
                </p>
              ) : null}
            </div>
            {data!.lots.length === 0 ? (
              <p className="px-5 pb-5 text-sm text-slate-600 dark:text-slate-300" data-testid="no-lots">
                You sold nothing in FY {data!.financialYear}, so there are no capital gains to report for it.
              </p>
            ) : (
              <div className="px-3 pb-3">
                <LotsTable lots={data!.lots} />
              </div>
            )}
          </Card>
          <ContractNotes fy={data!.financialYear} />
          <Card>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">How this is worked out</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-slate-600 dark:text-slate-300">
              {data!.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </Card>
        </>
      )}
    </div>
  );
}
