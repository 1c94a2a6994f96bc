import { ExternalLink } from 'lucide-react';
import type { NewsArticle } from '@nivesh/shared';
import { formatDate } from '../../../lib/date-format';
import { publisherSearchUrl, publisherSite } from '../lib/publisher-site';

/**
 * An archive item is only a headline and the feed's summary: this says whose full article it is
 * and, where the publisher's site is known, links to a search for the headline there.
 */
export function PublisherNote({ article }: { article: NewsArticle }) {
  const site = publisherSite(article.source);
  return (
    <div
      className="space-y-1 rounded-lg bg-slate-50 p-3 text-xs text-slate-700 dark:bg-slate-700/50 dark:text-slate-200"
      data-testid="publisher-note"
    >
      <p>
        This is the headline and summary {article.source} published on {formatDate(article.publishedAt)}, from
        the bundled NewsAPI archive. The full article is {article.source}’s and is not reproduced here.
      </p>
      {site ? (
        <a
          href={publisherSearchUrl(site, article.title)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Search {site} for this headline <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <p>We do not know {article.source}’s website, so there is no link to the full article.</p>
      )}
    </div>
  );
}
