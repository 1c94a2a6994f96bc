import { createHash } from 'node:crypto';
import { parseFeed } from 'feedsmith';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { JobLease } from '../../db/lease.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { fetchFeed } from './feed-fetch.js';
import { INDEX_SYMBOLS } from './news-category.js';
import { newsRepository } from './news.repository.js';
import type { IncomingArticle, NewsService } from './news.service.js';

export const FEED_TIMEOUT_MS = 10_000;
/** A failing feed waits interval × 2^failures, at most this long. */
const MAX_BACKOFF_MS = 6 * 3600_000;
const SNIPPET_MAX = 300;
const MAX_BYTES = 5 * 1024 * 1024;
/** Every stored field has a bound: a publisher (or whoever took over its feed) sets the text. */
const SOURCE_MAX = 100;
const AUTHOR_MAX = 100;
const URL_MAX = 1000;
const KEY_MAX = 500;
/** Items kept from one feed per poll; real feeds carry 20 to 100. */
const ITEMS_MAX = 200;
/** A follower hears about news of one stock at most once in this long. */
export const NEWS_NOTICE_INTERVAL_MS = 3600_000;

type Item = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
/** A one-line text cut to `max` characters, or undefined when there is none. */
const bounded = (v: string | undefined, max: number) => {
  const text = v?.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return text ? text : undefined;
};
const boundedUrl = (v: string | undefined) =>
  v && v.length <= URL_MAX && /^https?:\/\//.test(v) ? v : undefined;

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
  return boundedUrl(url) ?? null;
}

function itemLink(item: Item): string | undefined {
  const link =
    item.link ??
    (item.links as { href?: string; rel?: string }[] | undefined)?.find(
      (l) => !l.rel || l.rel === 'alternate',
    )?.href;
  return boundedUrl(str(link));
}

/** A guid is the publisher's text of any length; a long one is stored as its hash. */
function dedupeKey(id: string): string {
  const key = `feed:${id}`;
  return key.length <= KEY_MAX ? key : `feed:sha256:${createHash('sha256').update(id).digest('hex')}`;
}

/**
 * RSS 2.0, Atom and RDF items to articles; anything without a title or a time is skipped. A time
 * after `now` is taken as `now`: a story dated 2099 would otherwise head the newest-first list for ever.
 */
export function feedArticles(xml: string, feedUrl: string, now = Date.now()): IncomingArticle[] {
  const { feed } = parseFeed(xml) as { feed: Item };
  const source =
    bounded(snippet(str(feed.title)), SOURCE_MAX) ?? new URL(feedUrl).hostname.slice(0, SOURCE_MAX);
  const items = (((feed.items ?? feed.entries) as Item[] | undefined) ?? []).slice(0, ITEMS_MAX);
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
      bounded(
        str(dc?.creators?.[0]) ??
          str(dc?.creator) ??
          str(typeof authors?.[0] === 'string' ? authors[0] : authors?.[0]?.name),
        AUTHOR_MAX,
      ) ?? null;
    out.push({
      origin: 'feed',
      // The same story seen again (or in two feeds) is kept once: by guid, else by link.
      dedupeKey: dedupeKey((guid ?? link)!),
      title: snippet(title).slice(0, 500),
      summary: snippet(str(item.description) ?? str(item.summary) ?? str(item.content)),
      source,
      author,
      url: link ?? null,
      imageUrl: firstImage(item),
      publishedAt: at.getTime() > now ? new Date(now) : at,
    });
  }
  return out;
}

type StoredArticle = { id: string; title: string; symbols: string[] };

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
      /** `host:port` values a feed may reach although they are private addresses. */
      allowHosts?: string[];
      now?: () => number;
    },
  ) {
    this.allowHosts = new Set(o.allowHosts ?? []);
  }

  private readonly allowHosts: ReadonlySet<string>;

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
        const polled = await Promise.all(this.o.feeds.map((url) => this.pollFeed(url)));
        // After every feed, so one story in two feeds (or two stories) makes one notice at most.
        await this.alert(polled.flatMap((p) => p.articles));
        return polled.map((p) => p.result);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async pollFeed(url: string): Promise<{ result: PollResult; articles: StoredArticle[] }> {
    const now = this.o.now?.() ?? Date.now();
    const state = await newsRepository.feedState(this.o.db, url);
    if (state && new Date(state.next_attempt_at).getTime() > now)
      return { result: { url, ok: false, inserted: 0, skipped: true }, articles: [] };
    try {
      const body = await fetchFeed(url, {
        timeoutMs: this.o.timeoutMs ?? FEED_TIMEOUT_MS,
        maxBytes: MAX_BYTES,
        allowHosts: this.allowHosts,
        headers: {
          accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5',
          'user-agent': 'Mozilla/5.0 (compatible; Nivesh news reader)',
        },
      });
      const articles = feedArticles(body, url, Date.now());
      const inserted = await this.o.news.store(articles);
      await newsRepository.saveFeedState(this.o.db, url, 0, new Date(now + this.o.intervalMs), null);
      return { result: { url, ok: true, inserted: inserted.length }, articles: inserted };
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
      return { result: { url, ok: false, inserted: 0, error: message }, articles: [] };
    }
  }

  /**
   * New feed articles about stocks someone holds or watches: one notice per follower per poll
   * (News Alerts decides whether it is sent), naming the stocks they follow that have news and
   * leaving out any they were told about in the last hour. A flood of stories about one stock
   * (1,000 in one feed) is one notice, not one per story.
   */
  private async alert(inserted: StoredArticle[]) {
    const firstBySymbol = new Map<string, StoredArticle>();
    for (const article of inserted)
      for (const symbol of article.symbols)
        if (!INDEX_SYMBOLS.has(symbol) && !firstBySymbol.has(symbol)) firstBySymbol.set(symbol, article);
    if (firstBySymbol.size === 0) return;
    const readers = await newsRepository.followers(this.o.db, [...firstBySymbol.keys()]);
    const byUser = new Map<string, Set<string>>();
    for (const r of readers) byUser.set(r.user_id, (byUser.get(r.user_id) ?? new Set()).add(r.symbol));
    if (byUser.size === 0) return;
    const since = new Date((this.o.now?.() ?? Date.now()) - NEWS_NOTICE_INTERVAL_MS);
    const told = new Set(
      (await newsRepository.recentNewsNotices(this.o.db, [...byUser.keys()], since)).map(
        (r) => `${r.user_id}:${r.symbol}`,
      ),
    );
    for (const [userId, followed] of byUser) {
      const about = [...followed].filter((symbol) => !told.has(`${userId}:${symbol}`)).sort();
      if (about.length === 0) continue;
      const article = firstBySymbol.get(about[0]!)!;
      await this.o.notifications.notify(userId, {
        category: 'news',
        type: 'info',
        title: `News about ${about.join(', ')}`,
        message: article.title,
        link: `/news?article=${article.id}`,
        data: { articleId: article.id, symbols: about },
      });
    }
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.o.lock.release();
  }
}
