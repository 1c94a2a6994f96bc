import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { JOURNAL_LIMIT_MESSAGE } from '@nivesh/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleGroup } from '../../../components/ui/toggle-group';
import { errorMessage } from '../../../lib/api-client';
import { DeleteTradeModal } from './delete-trade-modal';
import { TagSummary } from './tag-summary';
import { TradeFormModal } from './trade-form-modal';
import { TradesList } from './trades-list';
import { useTradesScreen } from './use-trades-screen';
import { PortfolioTag } from '../../../components/ui/portfolio-tag';

const TYPES = [
  { key: 'all', label: 'All' },
  { key: 'BUY', label: 'Buys' },
  { key: 'SELL', label: 'Sells' },
] as const;

/**
 * /trades, "My Trades": the user's trade journal. `?fill=` or `?order=` opens the form linked to
 * that fill; `?season=N` shows a closed season's entries read-only.
 */
export function TradesScreen() {
  const s = useTradesScreen();
  const { user, view, setView, setEditor, season, readOnly, tags, del, linkRequest, link } = s;
  const { clearLinkParams, shownEditor, closeEditor, full } = s;
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
        <TradesList s={s} />
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
        entry={s.deleting}
        busy={del.isPending}
        onConfirm={() => void s.confirmDelete()}
        onClose={() => s.setDeleting(null)}
      />
    </div>
  );
}
