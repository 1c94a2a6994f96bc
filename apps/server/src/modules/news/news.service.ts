import MiniSearch from 'minisearch';
import type { FastifyBaseLogger } from 'fastify';
import {
  NEWS_CATEGORIES,
  NEWS_MARKET_DESK_LABEL,
  type NewsArticle,
  type NewsCategory,
  type NewsCategoryCounts,
  type NewsListQuery,
  type NewsTone,
} from '@nivesh/shared';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { MarketService } from '../market/market.service.js';
import { SimulatedProvider } from '../market/simulator/simulated-provider.js';
import { isIndiaMarketNews, loadArchive } from './news-archive.js';
import { newsCategory, readTimeMinutes } from './news-category.js';
import { NewsTagger } from './news-tagger.js';
import { newsTone } from './news-tone.js';
import { marketDeskNotes } from './market-desk.js';
import { newsRepository, type NewsFilter, type NewsInsert, type NewsRow } from './news.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ARTICLE_NOT_FOUND = 'Article not found';
/** How many finished session days the market desk covers when it first runs. */
const DESK_DAYS = 10;
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** What a feed or the archive hands in: the tagger, tone and category are applied here. */
export interface IncomingArticle {
  origin: 'archive' | 'feed';
  dedupeKey: string;
  title: string;
  summary: string;
  source: string;
  author: string | null;
  url: string | null;
  imageUrl: string | null;
  publishedAt: Date;
}

const parseArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v.replace(/^\{|\}$/g, '') === ''
      ? []
      : v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .map((s) => s.replace(/^"|"$/g, ''));

export class NewsService {
  readonly tagger: NewsTagger;
  private ready: Promise<void> | undefined;
  private deskThrough = '';
  private deskRunning: Promise<void> | undefined;
  private index = new MiniSearch<{
    id: string;
    title: string;
    summary: string;
    tags: string;
    source: string;
  }>({
    fields: ['title', 'summary', 'tags', 'source'],
    storeFields: [],
    // Typos are forgiven in words of five letters or more; shorter ones would match too much (sens → sons).
    searchOptions: {
      prefix: true,
      fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
      boost: { title: 2, tags: 2 },
      combineWith: 'AND',
    },
  });
  private indexedSeq = 0;
  private indexing: Promise<void> | undefined;

  constructor(
    private readonly o: {
      db: Db;
      market: MarketService;
      log: FastifyBaseLogger;
      now: () => number;
      archiveDir: string;
    },
  ) {
    this.tagger = new NewsTagger(o.market.catalog.all());
  }

  /** Tags, tone and category for a new article. */
  enrich(a: IncomingArticle): NewsInsert {
    const symbols = this.tagger.tag(a.title, a.summary);
    const tone = newsTone(a.title, a.summary);
    return {
      origin: a.origin,
      dedupeKey: a.dedupeKey,
      title: a.title,
      summary: a.summary,
      content: null,
      figures: [],
      category: newsCategory(a.title, a.summary, symbols),
      source: a.source,
      author: a.author,
      url: a.url,
      imageUrl: a.imageUrl,
      publishedAt: a.publishedAt,
      symbols,
      tone: tone.tone,
      toneWords: tone.words,
    };
  }

  /** Stores new articles (existing dedupe keys are skipped) and returns those inserted. */
  async store(items: IncomingArticle[]): Promise<{ id: string; title: string; symbols: string[] }[]> {
    const enriched = items.map((i) => this.enrich(i));
    const inserted = await newsRepository.insertMany(this.o.db, enriched);
    const byKey = new Map(enriched.map((e) => [e.dedupeKey, e]));
    return inserted.map((r) => ({
      id: r.id,
      title: byKey.get(r.dedupeKey)!.title,
      symbols: byKey.get(r.dedupeKey)!.symbols ?? [],
    }));
  }

  /** The archive goes in once per database; every instance may try, the dedupe keys keep one copy. */
  private ensureArchive(): Promise<void> {
    this.ready ??= (async () => {
      const rows = loadArchive(this.o.archiveDir);
      const items: IncomingArticle[] = [];
      for (const r of rows) {
        if (!isIndiaMarketNews(r, this.tagger.tag(r.title, r.description))) continue;
        items.push({
          origin: 'archive',
          dedupeKey: `archive:newsapi:${r.docId}`,
          title: r.title,
          summary: r.description,
          source: r.source,
          author: null,
          url: null,
          imageUrl: null,
          publishedAt: new Date(r.publishedAt),
        });
      }
      if (!(await newsRepository.hasKey(this.o.db, items[items.length - 1]!.dedupeKey)))
        await this.store(items);
    })().catch((err: unknown) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  /** Market-desk notes through the last finished session (simulated market only). */
  private ensureDesk(): Promise<void> {
    const provider = this.o.market.provider;
    if (!(provider instanceof SimulatedProvider)) return Promise.resolve();
    const now = this.o.now();
    const stamp = new Date(now).toISOString().slice(0, 13);
    if (this.deskThrough === stamp) return Promise.resolve();
    this.deskRunning ??= (async () => {
      const notes = marketDeskNotes(provider.simulator, now, DESK_DAYS);
      await newsRepository.insertMany(
        this.o.db,
        notes.map((n) => ({
          origin: 'desk' as const,
          dedupeKey: n.dedupeKey,
          title: n.title,
          summary: n.summary,
          content: n.content,
          figures: n.figures,
          category: n.category,
          source: NEWS_MARKET_DESK_LABEL,
          author: null,
          url: null,
          imageUrl: null,
          publishedAt: n.publishedAt,
          symbols: n.symbols,
          tone: n.tone,
          toneWords: n.toneWords,
        })),
      );
      this.deskThrough = stamp;
    })().finally(() => {
      this.deskRunning = undefined;
    });
    return this.deskRunning;
  }

  async ensureReady(): Promise<void> {
    await this.ensureArchive();
    await this.ensureDesk();
  }

  /** Brings the in-memory index up to the newest stored row (rows from other instances too). */
  private refreshIndex(): Promise<void> {
    this.indexing ??= (async () => {
      const rows = await newsRepository.indexRowsAfter(this.o.db, this.indexedSeq);
      for (const r of rows) {
        this.index.add({
          id: r.id,
          title: r.title,
          summary: r.summary,
          tags: parseArray(r.symbols).join(' '),
          source: r.source,
        });
        this.indexedSeq = Math.max(this.indexedSeq, Number(r.seq));
      }
    })().finally(() => {
      this.indexing = undefined;
    });
    return this.indexing;
  }

  private async searchIds(q: string): Promise<{ id: string; score: number }[]> {
    await this.refreshIndex();
    let hits = this.index.search(q);
    // Every word must match; when nothing does, any word may (a long query still finds something).
    if (hits.length === 0) hits = this.index.search(q, { combineWith: 'OR' });
    return hits.map((h) => ({ id: String(h.id), score: h.score }));
  }

  private toArticle(r: NewsRow): NewsArticle {
    const figures =
      typeof r.figures === 'string' ? (JSON.parse(r.figures) as NewsArticle['figures']) : r.figures;
    return {
      id: r.id,
      origin: r.origin,
      title: r.title,
      summary: r.summary,
      content: r.content,
      figures: figures ?? [],
      category: r.category as NewsCategory,
      source: r.source,
      author: r.author,
      url: r.url,
      imageUrl: r.image_url,
      publishedAt: new Date(r.published_at).toISOString(),
      readTime: readTimeMinutes(r.title, r.summary, r.content),
      symbols: parseArray(r.symbols),
      tone: r.tone as NewsTone,
      toneWords: parseArray(r.tone_words),
      isBookmarked: Boolean(r.is_bookmarked),
      views: Number(r.views),
      bookmarks: Number(r.bookmarks),
    };
  }

  private symbolOf(input: string): string {
    return this.o.market.resolve(input).symbol;
  }

  async list(userId: string, q: NewsListQuery) {
    await this.ensureReady();
    const text = q.q ?? q.search;
    const filter: NewsFilter = {
      category: q.category === 'all' ? undefined : q.category,
      symbol: q.symbol ? this.symbolOf(q.symbol) : undefined,
      tone: q.tone,
      source: q.source,
      origin: q.origin,
      from: q.from ? new Date(`${q.from}T00:00:00+05:30`) : undefined,
      // `to` is a whole IST day: everything before the next midnight.
      to: q.to ? new Date(new Date(`${q.to}T00:00:00+05:30`).getTime() + 24 * 3600 * 1000) : undefined,
      ids: text ? (await this.searchIds(text)).map((h) => h.id) : undefined,
    };
    const offset = (q.page - 1) * q.limit;
    const [rows, total, counts, sources] = await Promise.all([
      newsRepository.list(this.o.db, userId, filter, q.limit, offset),
      newsRepository.count(this.o.db, filter),
      newsRepository.categoryCounts(this.o.db, filter),
      newsRepository.sources(this.o.db),
    ]);
    const byCategory = Object.fromEntries(counts.map((c) => [c.category, Number(c.n)]));
    const countsOut = { all: 0 } as NewsCategoryCounts;
    for (const c of NEWS_CATEGORIES) {
      countsOut[c] = byCategory[c] ?? 0;
      countsOut.all += countsOut[c];
    }
    return {
      data: rows.map((r) => this.toArticle(r)),
      pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
      counts: countsOut,
      sources,
    };
  }

  async market(userId: string, limit: number): Promise<NewsArticle[]> {
    await this.ensureReady();
    const rows = await newsRepository.list(this.o.db, userId, { category: 'market' }, limit, 0);
    return rows.map((r) => this.toArticle(r));
  }

  /** Best matches first (title and tags weigh double), newest first among equals. */
  async search(userId: string, q: string, limit: number): Promise<NewsArticle[]> {
    await this.ensureReady();
    const hits = (await this.searchIds(q)).slice(0, limit);
    const rows = new Map(
      (
        await newsRepository.byIds(
          this.o.db,
          userId,
          hits.map((h) => h.id),
        )
      ).map((r) => [r.id, r]),
    );
    return hits.flatMap((h) => (rows.has(h.id) ? [this.toArticle(rows.get(h.id)!)] : []));
  }

  async forStock(userId: string, input: string, limit: number): Promise<NewsArticle[]> {
    const symbol = this.symbolOf(input);
    await this.ensureReady();
    const rows = await newsRepository.list(this.o.db, userId, { symbol }, limit, 0);
    return rows.map((r) => this.toArticle(r));
  }

  async trending(userId: string, limit = 5) {
    await this.ensureReady();
    const since = new Date(this.o.now() - WEEK_MS);
    const [read, saved] = await Promise.all([
      newsRepository.trending(this.o.db, userId, 'reads', since, limit),
      newsRepository.trending(this.o.db, userId, 'bookmarks', since, limit),
    ]);
    return {
      mostRead: read.map((r) => this.toArticle(r)),
      mostBookmarked: saved.map((r) => this.toArticle(r)),
    };
  }

  /** Opening an article counts one read by this user this week. */
  async get(userId: string, id: string): Promise<NewsArticle> {
    if (!UUID.test(id)) throw notFound(ARTICLE_NOT_FOUND);
    await this.ensureReady();
    if (!(await newsRepository.find(this.o.db, userId, id))) throw notFound(ARTICLE_NOT_FOUND);
    await newsRepository.recordRead(this.o.db, userId, id);
    return this.toArticle((await newsRepository.find(this.o.db, userId, id))!);
  }

  async toggleBookmark(userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) throw notFound(ARTICLE_NOT_FOUND);
    await this.ensureReady();
    if (!(await newsRepository.find(this.o.db, userId, id))) throw notFound(ARTICLE_NOT_FOUND);
    return newsRepository.toggleBookmark(this.o.db, userId, id);
  }

  async bookmarks(userId: string, limit: number): Promise<NewsArticle[]> {
    await this.ensureReady();
    return (await newsRepository.bookmarked(this.o.db, userId, limit)).map((r) => this.toArticle(r));
  }
}
