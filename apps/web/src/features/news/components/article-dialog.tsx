import { Link } from 'react-router';
import type { NewsArticle } from '@nivesh/shared';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useNewsArticle } from '../api/news-api';
import { TONE_STYLES } from '../lib/news-format';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/date-format';
import { PublisherNote } from './publisher-note';

/**
 * Archive items carry no link and market-desk notes live here, so both open in the app: the
 * source is named, the date is the real one, an archive item says whose full text it is and where
 * to look for it, and a desk note's figures link to their stocks.
 */
export function ArticleDialog({
  id,
  initial,
  onClose,
}: {
  id: string | null;
  initial?: NewsArticle | undefined;
  onClose: () => void;
}) {
  const full = useNewsArticle(id);
  const a = full.data ?? initial;
  return (
    <Modal open={Boolean(id)} title={a?.title ?? 'Article'} onClose={onClose} size="lg">
      {a ? (
        <div className="space-y-4 text-sm text-slate-800 dark:text-slate-200" data-testid="news-article">
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {a.source} · {formatDateTime(a.publishedAt)} IST
          </p>
          {(a.content ?? a.summary).split('\n\n').map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {a.figures.length > 0 ? (
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Figures in this note">
              {a.figures.map((f) => (
                <li
                  key={`${f.symbol}-${f.label}`}
                  className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-700/50"
                >
                  <Link
                    to={`/stock/${encodeURIComponent(f.symbol)}`}
                    className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    onClick={onClose}
                  >
                    {f.label}
                  </Link>
                  <span className="tabular-nums">{f.value}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {a.origin === 'archive' ? <PublisherNote article={a} /> : null}
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <Badge tone={TONE_STYLES[a.tone]}>tone: {a.tone}</Badge>
            {a.toneWords.length ? (
              <span className="text-slate-600 dark:text-slate-300">from: {a.toneWords.join(', ')}</span>
            ) : null}
          </div>
        </div>
      ) : full.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {full.error.message}
        </p>
      ) : (
        <Spinner size="sm" />
      )}
    </Modal>
  );
}
