import type { NewsArticle } from '@nivesh/shared';

/** A schema-valid archive headline (no link, no full text), as the bundled NewsAPI archive serves it. */
export function makeArchiveArticle(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return {
    id: '3f1c2b9e-1111-4aaa-8bbb-000000000001',
    origin: 'archive',
    title: 'Infosys Q1 profit slips 8.6% QoQ',
    summary: 'Infosys reported…',
    content: null,
    figures: [],
    category: 'earnings',
    source: 'The Times of India',
    author: null,
    url: null,
    imageUrl: null,
    publishedAt: '2026-07-23T10:00:00.000Z',
    readTime: 1,
    symbols: ['INFY'],
    tone: 'negative',
    toneWords: [],
    isBookmarked: false,
    views: 0,
    bookmarks: 0,
    ...overrides,
  };
}
