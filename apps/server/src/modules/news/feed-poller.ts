import { parseFeed } from 'feedsmith';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { JobLease } from '../../db/lease.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { INDEX_SYMBOLS } from './news-category.js';
import { newsRepository } from './news.repository.js';
import type { IncomingArticle, NewsService } from './news.service.js';

export const FEED_TIMEOUT_MS = 10_000;
/** A failing feed waits interval × 2^failures, at most this long. */
const MAX_BACKOFF_MS = 6 * 3600_000;
const SNIPPET_MAX = 300;
const MAX_BYTES = 5 * 1024 * 1024;

type Item = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Text of an HTML snippet: tags dropped, entities feedsmith left decoded, cut at a word. */
export function snippet(html: string | undefined): string {
  if (!html) return '';
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= SNIPPET_MAX) return text;
  const cut = text.slice(0, SNIPPET_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SNIPPET_MAX - 40))}…`;
}

function firstImage(item: Item): string | null {
  const media = item.media as
    | { contents?: { url?: string; medium?: string; type?: string }[]; thumbnails?: { url?: string }[] }
    | undefined;
  const content = media?.contents?.find(
    (c) => c.url && (!c.medium || c.medium === 'image') && (!c.type || c.type.startsWith('image')),
  );
  const enclosures = (item.enclosures as { url?: string; type?: string }[] | undefined) ?? [];
  const url =
    content?.url ?? media?.thumbnails?.[0]?.url ?? enclosures.find((e) => e.type?.startsWith('image'))?.url;
  return url && /^https?:\/\//.test(url) ? url : null;
}

function itemLink(item: Item): string | undefined {
  const link =
    item.link ??
    (item.links as { href?: string; rel?: string }[] | undefined)?.find(
      (l) => !l.rel || l.rel === 'alternate',
    )?.href;
  const s = str(link);
  return s && /^https?:\/\//.test(s) ? s : undefined;
}

/** RSS 2.0, Atom and RDF items to articles; anything without a title or a time is skipped. */
export function feedArticles(xml: string, feedUrl: string): IncomingArticle[] {
  const { feed } = parseFeed(xml) as { feed: Item };
  const source = str(feed.title) ?? new URL(feedUrl).hostname;
  const items = ((feed.items ?? feed.entries) as Item[] | undefined) ?? [];
  const out: IncomingArticle[] = [];
  for (const item of items) {
    const title = str(typeof item.title === 'object' ? (item.title as { value?: string }).value : item.title);
    const link = itemLink(item);
    const guid =
      str(typeof item.guid === 'object' ? (item.guid as { value?: string }).value : item.guid) ??
      str(item.id);
    const when =
      str(item.pubDate) ??
      str(item.published) ??
      str(item.updated) ??
      str((item.dc as { dates?: string[] } | undefined)?.dates?.[0]);
    const at = when ? new Date(when) : undefined;
    if (!title || (!link && !guid) || !at || Number.isNaN(at.getTime())) continue;
    const dc = item.dc as { creators?: string[]; creator?: string } | undefined;
    const authors = item.authors as ({ name?: string } | string)[] | undefined;
    const author =
      str(dc?.creators?.[0]) ??
      str(dc?.creator) ??
      str(typeof authors?.[0] === 'string' ? authors[0] : authors?.[0]?.name) ??
      null;
    out.push({
      origin: 'feed',
      // The same story seen again (or in two feeds) is kept once: by guid, else by link.
      dedupeKey: `feed:${guid ?? link}`,
      title: snippet(title).slice(0, 500),
      summary: snippet(str(item.description) ?? str(item.summary) ?? str(item.content)),
      source,
      author,
      url: link ?? null,
      imageUrl: firstImage(item),
      publishedAt: at,
    });
  }
  return out;
}

export interface PollResult {
  url: string;
  ok: boolean;
  inserted: number;
  error?: string;
  skipped?: boolean;
}

/**
 * Polls `NEWS_FEEDS` every interval on the one instance holding the lease. Each feed has its own
 * timeout and back-off (stored, so a new lease holder honours it); one slow or broken feed never
 * stops the others.
 */
export class FeedPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PollResult[]> | undefined;

  constructor(
    private readonly o: {
      db: Db;
      news: NewsService;
      notifications: NotificationsService;
      feeds: string[];
      intervalMs: number;
      lock: JobLease;
      log: FastifyBaseLogger;
      timeoutMs?: number;
      now?: () => number;
    },
  ) {}

  start() {
    if (this.timer || this.o.feeds.length === 0) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs);
    this.timer.unref();
  }

  async tick(): Promise<void> {
    try {
      if (await this.o.lock.acquire()) await this.runOnce();
    } catch (err) {
      this.o.log.error({ err }, 'news poll failed');
    }
  }

  /** One pass over every feed that is due; rounds never overlap. */
  runOnce(): Promise<PollResult[]> {
    this.running ??= (async () => {
      try {
        return await Promise.all(this.o.feeds.map((url) => this.pollFeed(url)));
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async pollFeed(url: string): Promise<PollResult> {
    const now = this.o.now?.() ?? Date.now();
    const state = await newsRepository.feedState(this.o.db, url);
    if (state && new Date(state.next_attempt_at).getTime() > now)
      return { url, ok: false, inserted: 0, skipped: true };
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(this.o.timeoutMs ?? FEED_TIMEOUT_MS),
        headers: {
          accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5',
          'user-agent': 'Mozilla/5.0 (compatible; Nivesh news reader)',
        },
        redirect: 'follow',
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await res.text();
      if (body.length > MAX_BYTES) throw new Error('feed too large');
      const articles = feedArticles(body, url);
      const inserted = await this.o.news.store(articles);
      await newsRepository.saveFeedState(this.o.db, url, 0, new Date(now + this.o.intervalMs), null);
      await this.alert(inserted);
      return { url, ok: true, inserted: inserted.length };
    } catch (err) {
      const failures = (state?.failures ?? 0) + 1;
      const wait = Math.min(this.o.intervalMs * 2 ** failures, MAX_BACKOFF_MS);
      const message =
        err instanceof Error ? (err.name === 'TimeoutError' ? 'timed out' : err.message) : String(err);
      await newsRepository.saveFeedState(
        this.o.db,
        url,
        failures,
        new Date(now + wait),
        message.slice(0, 500),
      );
      this.o.log.warn({ url, failures, err: message }, 'news feed failed; backing off');
      return { url, ok: false, inserted: 0, error: message };
    }
  }

  /** A new feed article about a stock someone holds or watches: one notification each (News Alerts decides). */
  private async alert(inserted: { id: string; title: string; symbols: string[] }[]) {
    for (const article of inserted) {
      const symbols = article.symbols.filter((s) => !INDEX_SYMBOLS.has(s));
      if (symbols.length === 0) continue;
      const readers = await newsRepository.followers(this.o.db, symbols);
      const byUser = new Map<string, string[]>();
      for (const r of readers) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.symbol]);
      for (const [userId, about] of byUser) {
        await this.o.notifications.notify(userId, {
          category: 'news',
          type: 'info',
          title: `News about ${[...new Set(about)].join(', ')}`,
          message: article.title,
          link: `/news?article=${article.id}`,
          data: { articleId: article.id, symbols: [...new Set(about)] },
        });
      }
    }
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.o.lock.release();
  }
}
