import { Link } from 'react-router';
import type { NewsArticle } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useLatestNews, useStockNews } from '../api/news-api';
import { newsRelativeTime } from '../lib/news-format';

function Headlines({
  title,
  articles,
  loading,
  error,
  empty,
  testId,
}: {
  title: string;
  articles: NewsArticle[] | undefined;
  loading: boolean;
  error: boolean;
  empty: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardTitle
        action={
          <Link to="/news" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
            All news
          </Link>
        }
      >
        {title}
      </CardTitle>
      {loading ? <Spinner size="sm" /> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          News could not be loaded.
        </p>
      ) : null}
      {articles && articles.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : null}
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {articles?.map((a) => (
          <li key={a.id} className="py-2">
            {a.url ? (
              <a
                href={a.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-slate-900 hover:underline dark:text-white"
              >
                {a.title}
              </a>
            ) : (
              <Link
                to={`/news?article=${a.id}`}
                className="font-medium text-slate-900 hover:underline dark:text-white"
              >
                {a.title}
              </Link>
            )}
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {a.source} · {newsRelativeTime(a.publishedAt)} · tone: {a.tone}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The three newest headlines, for the dashboard. */
export function LatestHeadlines() {
  const q = useLatestNews(3);
  return (
    <Headlines
      title="Latest News"
      articles={q.data}
      loading={q.isPending}
      error={q.isError}
      empty="No news yet."
      testId="latest-news"
    />
  );
}

/** "News about {name}" on a stock's page. */
export function StockHeadlines({ symbol, name }: { symbol: string; name: string }) {
  const q = useStockNews(symbol, 5);
  return (
    <Headlines
      title={`News about ${name}`}
      articles={q.data}
      loading={q.isPending}
      error={q.isError}
      empty={`No news about ${name} yet.`}
      testId="stock-news"
    />
  );
}
