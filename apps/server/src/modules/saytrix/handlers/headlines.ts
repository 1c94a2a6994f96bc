import type { SaytrixHeadline } from '@nivesh/shared';
import type { SaytrixNewsItem } from '../saytrix.tools.js';

/**
 * Feed items as data for the client to render as text: titles and sources never enter the
 * markdown reply, and a link is kept only when it is http(s).
 */
export function toHeadlines(items: SaytrixNewsItem[]): SaytrixHeadline[] {
  return items.slice(0, 10).map((n) => ({
    title: n.title,
    source: n.source,
    ...(n.url && /^https?:\/\//i.test(n.url) ? { url: n.url } : {}),
    publishedAt: new Date(n.publishedAt).toISOString(),
    symbols: n.symbols ?? [],
  }));
}
