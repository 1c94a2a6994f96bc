import { useState } from 'react';
import { FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { downloadContractNote, useTradeDays } from '../api/reports-api';
import { useActivePortfolio } from '../../../lib/active-portfolio';
import { useDownload } from './use-download';

/** A contract note per day with trades: the days come from the server, so every choice has a note. */
export function ContractNotes({ fy }: { fy: string }) {
  const days = useTradeDays(fy);
  const [picked, setPicked] = useState<string | null>(null);
  const download = useDownload();
  const { portfolioId } = useActivePortfolio();
  const list = days.data?.days ?? [];
  const date = picked && list.some((d) => d.date === picked) ? picked : (list[0]?.date ?? '');
  return (
    <Card aria-labelledby="contract-notes-title" data-testid="contract-notes">
      <CardTitle icon={<FileText aria-hidden="true" className="size-5" />}>
        <span id="contract-notes-title">Contract notes</span>
      </CardTitle>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        A simulated contract note for each day you traded: every trade, every charge line and the net amount,
        laid out as a broker sends it. It is a paper-trading record, not a real contract note.
      </p>
      {days.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading your trading days...
        </p>
      ) : days.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(days.error, 'Failed to load your trading days')}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="no-trade-days">
          No trades in {fy}, so there are no contract notes for it.
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <label
              htmlFor="contract-note-date"
              className="block text-xs font-medium text-slate-700 dark:text-slate-200"
            >
              Trading day
            </label>
            <select
              id="contract-note-date"
              value={date}
              onChange={(e) => setPicked(e.target.value)}
              className={inputClass}
            >
              {list.map((d) => (
                <option key={d.date} value={d.date}>
                  {d.date} ({d.trades} {d.trades === 1 ? 'trade' : 'trades'})
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            loading={download.pending === 'note'}
            disabled={download.pending !== null}
            onClick={() => void download.run('note', () => downloadContractNote(date, portfolioId))}
          >
            Download contract note (PDF)
          </Button>
        </div>
      )}
      {download.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {download.error}
        </p>
      ) : null}
    </Card>
  );
}
