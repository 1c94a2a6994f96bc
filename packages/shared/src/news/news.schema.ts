import { z } from 'zod';
import { lazySchema } from '../lib/lazy-schema.js';

export const NEWS_CATEGORIES = ['market', 'stocks', 'economy', 'policy', 'earnings'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];
export const NEWS_TONES = ['positive', 'negative', 'neutral'] as const;
export type NewsTone = (typeof NEWS_TONES)[number];
/** Where an article came from: the bundled archive, a configured RSS/Atom feed, or the market desk. */
export const NEWS_ORIGINS = ['archive', 'feed', 'desk'] as const;
export type NewsOrigin = (typeof NEWS_ORIGINS)[number];

export const NEWS_PAGE_SIZE = 20;
export const NEWS_MAX_PAGE_SIZE = 50;
export const NEWS_SEARCH_LIMIT = 6;
export const NEWS_MARKET_DESK_LABEL = 'Nivesh market desk · simulated market';

/** Text from a query string: no NUL, no lone surrogate halves (they cannot be stored or indexed). */
const cleanText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(
      (v) =>
        !v.includes('\u0000') &&
        !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v),
      'Contains characters that are not allowed',
    );

const isoDate = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a date as YYYY-MM-DD'),
);

const newsSymbol = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9&-]{1,20}(\.(NS|BO|ns|bo))?$|^\d{6}$/, 'Invalid stock symbol'),
);

/** Any id shape: an unknown or malformed id is the same 404 'Article not found'. */
export const newsIdParamsSchema = lazySchema(() => z.object({ id: z.string().max(64) }));
export const newsSymbolParamsSchema = lazySchema(() => z.object({ symbol: newsSymbol }));

export const newsListQuerySchema = lazySchema(() =>
  z.object({
    category: z.enum(['all', ...NEWS_CATEGORIES]).default('all'),
    q: cleanText(100).optional(),
    /** The /news page's `?search=` link from the global search. */
    search: cleanText(100).optional(),
    symbol: newsSymbol.optional(),
    tone: z.enum(NEWS_TONES).optional(),
    source: cleanText(100).optional(),
    origin: z.enum(NEWS_ORIGINS).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(NEWS_MAX_PAGE_SIZE).default(NEWS_PAGE_SIZE),
  }),
);
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export const newsLimitQuerySchema = lazySchema(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(NEWS_MAX_PAGE_SIZE).default(NEWS_PAGE_SIZE),
  }),
);
export const newsSearchQuerySchema = lazySchema(() =>
  z.object({
    q: cleanText(100).pipe(z.string().min(1, 'Search query is required')),
    limit: z.coerce.number().int().min(1).max(NEWS_MAX_PAGE_SIZE).default(NEWS_SEARCH_LIMIT),
  }),
);

/** A market-desk figure that links to a stock: the text as shown and the symbol it is about. */
export const newsFigureSchema = lazySchema(() =>
  z.object({ symbol: z.string(), label: z.string(), value: z.string() }),
);
export type NewsFigure = z.infer<typeof newsFigureSchema>;

export const newsArticleSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    origin: z.enum(NEWS_ORIGINS),
    title: z.string(),
    summary: z.string(),
    /** Market-desk notes carry their body; archive and feed items link out or show the summary only. */
    content: z.string().nullable(),
    figures: z.array(newsFigureSchema),
    category: z.enum(NEWS_CATEGORIES),
    source: z.string(),
    author: z.string().nullable(),
    url: z.string().nullable(),
    imageUrl: z.string().nullable(),
    publishedAt: z.string(),
    readTime: z.number().int(),
    symbols: z.array(z.string()),
    tone: z.enum(NEWS_TONES),
    toneWords: z.array(z.string()),
    isBookmarked: z.boolean(),
    views: z.number().int(),
    bookmarks: z.number().int(),
  }),
);
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const newsCategoryCountsSchema = lazySchema(() =>
  z.object({
    all: z.number().int(),
    market: z.number().int(),
    stocks: z.number().int(),
    economy: z.number().int(),
    policy: z.number().int(),
    earnings: z.number().int(),
  }),
);
export type NewsCategoryCounts = z.infer<typeof newsCategoryCountsSchema>;

export const newsListResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(newsArticleSchema),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
    /** Per category, under every filter but the category itself (the page's buttons). */
    counts: newsCategoryCountsSchema,
    /** The sources present, for the filter panel. */
    sources: z.array(z.string()),
  }),
);
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

export const newsArticlesResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.array(newsArticleSchema),
  }),
);
export const newsArticleResponseSchema = lazySchema(() =>
  z.object({ success: z.literal(true), data: newsArticleSchema }),
);
export const newsBookmarkResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({ id: z.string(), isBookmarked: z.boolean() }),
  }),
);
export const newsTrendingResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: z.object({ mostRead: z.array(newsArticleSchema), mostBookmarked: z.array(newsArticleSchema) }),
  }),
);
