import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { NewsArticle } from '@nivesh/shared';
import { stubFetch } from '../../../test/render';
import { makeArchiveArticle } from '../../../test/news-fixtures';
import { ArticleDialog } from './article-dialog';

const archived = (source: string) => makeArchiveArticle({ source });

function open(article: NewsArticle) {
  stubFetch({ [`GET /api/news/${article.id}`]: () => ({ body: { success: true, data: article } }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ArticleDialog id={article.id} initial={article} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByTestId('news-article'));
}

describe('an archive headline opened in the app', () => {
  it('names the publisher and date, says the full text is theirs, and links to a search of their site', () => {
    const dialog = open(archived('The Times of India'));
    expect(dialog.getByText(/The Times of India · Jul 23, 2026 15:30 IST/)).toBeInTheDocument();
    expect(dialog.getByText(/The full article is The Times of India’s/)).toBeInTheDocument();
    const link = dialog.getByRole('link', { name: /Search timesofindia\.indiatimes\.com for this headline/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(new URL(link.getAttribute('href')!).searchParams.get('q')).toBe(
      'site:timesofindia.indiatimes.com "Infosys Q1 profit slips 8.6% QoQ"',
    );
  });

  it('says so without a link when the publisher’s site is unknown', () => {
    const dialog = open(archived('Some Local Weekly'));
    expect(dialog.getByText(/The full article is Some Local Weekly’s/)).toBeInTheDocument();
    expect(dialog.getByText(/We do not know Some Local Weekly’s website/)).toBeInTheDocument();
    expect(dialog.queryByRole('link')).not.toBeInTheDocument();
  });
});
