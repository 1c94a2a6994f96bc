import { Bookmark, BookmarkCheck, Clock, ExternalLink, Share2 } from 'lucide-react';
import type { NewsArticle } from '@nivesh/shared';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import {
  CATEGORY_LABELS,
  CATEGORY_STYLES,
  initials,
  newsRelativeTime,
  TONE_STYLES,
} from '../lib/news-format';
import { formatDateTime } from '../../../lib/date-format';

export function NewsImage({ article, className }: { article: NewsArticle; className?: string }) {
  if (article.imageUrl) {
    return (
      <img
        src={article.imageUrl}
        alt=""
        loading="lazy"
        className={cn('h-40 w-full object-cover', className)}
      />
    );
  }
  // No picture from the publisher: a generated tile in the category's colours with the source's initials.
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex h-40 w-full items-center justify-center bg-linear-to-br text-3xl font-bold text-white/90',
        CATEGORY_STYLES[article.category],
        className,
      )}
    >
      {initials(article.source)}
    </div>
  );
}

async function share(article: NewsArticle) {
  const url = article.url ?? `${window.location.origin}/news?article=${article.id}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: article.title, url });
    } catch {
      /* the reader closed the share sheet */
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success('Link copied');
  } catch {
    notify.error('Could not copy the link');
  }
}

export function NewsCard({
  article,
  onOpen,
  onBookmark,
  bookmarking,
}: {
  article: NewsArticle;
  onOpen: (article: NewsArticle) => void;
  onBookmark: (article: NewsArticle) => void;
  bookmarking: boolean;
}) {
  const external = Boolean(article.url);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800"
      data-testid="news-card"
    >
      <NewsImage article={article} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
          <Badge tone="bg-indigo-100 text-indigo-800 dark:bg-indigo-900/50 dark:text-indigo-200">
            {CATEGORY_LABELS[article.category]}
          </Badge>
          <span className="font-medium">{article.source}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={article.publishedAt} title={formatDateTime(article.publishedAt)}>
            {newsRelativeTime(article.publishedAt)}
          </time>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-3" />
            {article.readTime} min read
          </span>
        </div>
        <h3 className="text-base font-semibold leading-snug text-slate-900 dark:text-white">
          {article.title}
        </h3>
        <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{article.summary}</p>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={TONE_STYLES[article.tone]} testId="news-tone">
            tone: {article.tone}
          </Badge>
          {article.symbols.slice(0, 3).map((s) => (
            <a
              key={s}
              href={`/stock/${encodeURIComponent(s)}`}
              className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-200"
            >
              {s}
            </a>
          ))}
        </div>
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="truncate text-xs text-slate-600 dark:text-slate-400">
            {article.author
              ? `By ${article.author}`
              : article.origin === 'archive'
                ? 'Archive · NewsAPI'
                : ''}
          </span>
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={() => onBookmark(article)}
              disabled={bookmarking}
              aria-pressed={article.isBookmarked}
              aria-label={
                article.isBookmarked ? `Remove bookmark: ${article.title}` : `Bookmark: ${article.title}`
              }
              className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-700"
            >
              {article.isBookmarked ? (
                <BookmarkCheck aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-300" />
              ) : (
                <Bookmark aria-hidden="true" className="size-4" />
              )}
            </button>
            <button
              type="button"
              onClick={() => void share(article)}
              aria-label={`Share: ${article.title}`}
              className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
            >
              <Share2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        </div>
        {external ? (
          <a
            href={article.url!}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Read Full Article <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(opens {article.source} in a new tab)</span>
          </a>
        ) : (
          <button
            type="button"
            onClick={() => onOpen(article)}
            className="self-start text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Read Full Article
          </button>
        )}
      </div>
    </article>
  );
}
