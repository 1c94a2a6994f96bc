import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, NotebookPen, Plus } from 'lucide-react';
import {
  JOURNAL_LIMIT_MESSAGE,
  JOURNAL_MESSAGES,
  MAX_JOURNAL_ENTRIES_PER_USER,
  type JournalEntry,
  type JournalFill,
} from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import {
  useDeleteJournalEntry,
  useJournalEntries,
  useJournalLink,
  useJournalTags,
  type JournalView,
} from '../api/journal-api';
import { DeleteTradeModal } from './delete-trade-modal';
import { TagSummary } from './tag-summary';
import { TradeCard } from './trade-card';
import { TradeFormModal } from './trade-form-modal';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

const TYPES = [
  { key: 'all', label: 'All' },
  { key: 'BUY', label: 'Buys' },
  { key: 'SELL', label: 'Sells' },
] as const;

type Editor = {
  entry: JournalEntry | null;
  fill: JournalFill | null;
  link: { fillId: string } | { orderId: string } | null;
};

/** `?season=N` (from /history's season view): that closed season's entries, read-only. */
function seasonParam(value: string | null): number | null {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * /trades, "My Trades": the user's trade journal. `?fill=` or `?order=` opens the form linked to
 * that fill; `?season=N` shows a closed season's entries read-only.
 */
export function TradesScreen() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<JournalView>({ tag: null, type: 'all', page: 1 });
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<JournalEntry | null>(null);
  const season = seasonParam(params.get('season'));
  const readOnly = season !== null;
  const entries = useJournalEntries(view, season);
  const tags = useJournalTags(season);
  const del = useDeleteJournalEntry();

  const fillParam = params.get('fill');
  const orderParam = params.get('order');
  // A link adds to the open season, so a season view opens no form.
  const linkRequest = readOnly
    ? null
    : fillParam
      ? ({ kind: 'fill', id: fillParam } as const)
      : orderParam
        ? ({ kind: 'order', id: orderParam } as const)
        : null;
  const link = useJournalLink(linkRequest);
  const clearLinkParams = () =>
    setParams(
      (p) => {
        p.delete('fill');
        p.delete('order');
        return p;
      },
      { replace: true },
    );

  // "Add to journal" opens the form once the fill is known; a wrong or foreign id says so and stops.
  const linkFill = link.data;
  const linkOpen = linkRequest !== null && linkFill !== undefined && editor === null;
  const pendingEditor: Editor | null = linkOpen
    ? {
        entry: null,
        fill: linkFill,
        link: linkRequest.kind === 'fill' ? { fillId: linkRequest.id } : { orderId: linkRequest.id },
      }
    : null;
  const shownEditor = editor ?? pendingEditor;

  const closeEditor = () => {
    setEditor(null);
    if (linkRequest) clearLinkParams();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const res = await del.mutateAsync(deleting.id);
      notify.success(res.message);
      setDeleting(null);
    } catch (err) {
      notify.error(errorMessage(err, JOURNAL_MESSAGES.deleteFailed));
    }
  };

  const data = entries.data;
  const filtered = view.tag !== null || view.type !== 'all';
  // Only an unfiltered list's total is the account's count; the server refuses one past the cap.
  const full = !filtered && (data?.pagination.total ?? 0) >= MAX_JOURNAL_ENTRIES_PER_USER;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">My Trades</h1>
          <PortfolioTag />
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="journal-season">
            {readOnly ? (
              <>
                Season {season}, closed: read-only, kept as it ended.{' '}
                <Link
                  to="/trades"
                  className="font-medium text-indigo-700 underline hover:no-underline dark:text-indigo-300"
                >
                  Back to the open season
                </Link>
              </>
            ) : (
              <>{user.fullName}&apos;s trade journal</>
            )}
          </p>
        </div>
        {readOnly ? null : (
          <Button
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => setEditor({ entry: null, fill: null, link: null })}
            disabled={full}
            title={full ? JOURNAL_LIMIT_MESSAGE : undefined}
          >
            Add Trade
          </Button>
        )}
      </div>

      {link.isError && linkRequest ? (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(link.error, 'That fill could not be found')}
          </p>
          <Button variant="secondary" size="sm" onClick={clearLinkParams}>
            Dismiss
          </Button>
        </Card>
      ) : null}
      {link.isFetching && linkRequest ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner size="sm" /> Loading the fill...
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <ToggleGroup
          label="Filter by type"
          options={TYPES}
          value={view.type}
          onChange={(type) => setView((v) => ({ ...v, type, page: 1 }))}
        />
        {view.tag ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setView((v) => ({ ...v, tag: null, page: 1 }))}
            aria-label={`Remove tag filter ${view.tag}`}
          >
            #{view.tag} ✕
          </Button>
        ) : null}
      </div>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Trades">
          {entries.isPending ? (
            <p
              role="status"
              className="flex items-center justify-center gap-2 p-10 text-sm text-slate-600 dark:text-slate-300"
            >
              <Spinner size="sm" /> Loading trades...
            </p>
          ) : entries.isError ? (
            <Card className="text-center">
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {readOnly
                  ? errorMessage(entries.error, JOURNAL_MESSAGES.fetchFailed)
                  : JOURNAL_MESSAGES.fetchFailed}
              </p>
              <Button className="mt-3" variant="secondary" size="sm" onClick={() => void entries.refetch()}>
                Try again
              </Button>
            </Card>
          ) : data && data.trades.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 py-12 text-center">
              <NotebookPen aria-hidden="true" className="size-10 text-slate-400" />
              <p className="text-sm text-slate-700 dark:text-slate-200">
                {filtered
                  ? 'No trades match these filters.'
                  : readOnly
                    ? `No journal entries in season ${season}.`
                    : JOURNAL_MESSAGES.empty}
              </p>
              <p className="max-w-sm text-xs text-slate-600 dark:text-slate-300">
                {filtered || readOnly
                  ? null
                  : 'Tip: "Add to journal" on a filled order in History or Orders links the entry to your fill.'}
              </p>
            </Card>
          ) : data ? (
            <>
              <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
                {data.trades.map((entry) => (
                  <TradeCard
                    key={entry.id}
                    entry={entry}
                    {...(readOnly
                      ? {}
                      : {
                          onEdit: () => setEditor({ entry, fill: null, link: null }),
                          onDelete: () => setDeleting(entry),
                        })}
                  />
                ))}
              </ul>
              {data.pagination.totalPages > 1 ? (
                <nav
                  aria-label="Trade pages"
                  className="mt-4 flex items-center justify-between gap-3 text-sm"
                >
                  <p className="text-slate-600 dark:text-slate-300">
                    Page {data.pagination.page} of {data.pagination.totalPages} · {data.pagination.total}{' '}
                    trades
                  </p>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={view.page <= 1}
                      icon={<ChevronLeft aria-hidden="true" className="size-4" />}
                      onClick={() => setView((v) => ({ ...v, page: v.page - 1 }))}
                    >
                      Previous
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={view.page >= data.pagination.totalPages}
                      icon={<ChevronRight aria-hidden="true" className="size-4" />}
                      onClick={() => setView((v) => ({ ...v, page: v.page + 1 }))}
                    >
                      Next
                    </Button>
                  </div>
                </nav>
              ) : null}
            </>
          ) : null}
        </section>
        {tags.data && tags.data.length > 0 ? (
          <aside aria-label="Tag summary">
            <TagSummary
              tags={tags.data}
              active={view.tag}
              onPick={(tag) => setView((v) => ({ ...v, tag, page: 1 }))}
            />
          </aside>
        ) : null}
      </div>

      {shownEditor ? (
        <TradeFormModal
          key={shownEditor.entry?.id ?? 'new'}
          entry={shownEditor.entry}
          fill={shownEditor.fill}
          link={shownEditor.link}
          onClose={closeEditor}
        />
      ) : null}
      <DeleteTradeModal
        entry={deleting}
        busy={del.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
