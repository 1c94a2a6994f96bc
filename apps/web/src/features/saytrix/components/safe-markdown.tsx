import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/**
 * The in-app path of a link when it stays on this origin (a relative path or the app's own host),
 * else null. Parsed with URL so `//host`, `/\host` and `javascript:` resolve to their real origin.
 */
export function sameOriginPath(href: string | undefined): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

const components: Components = {
  // Replies can quote feed text: a link to another host would speak in Saytrix's voice, so it stays text.
  a: ({ href, children }) => {
    const path = sameOriginPath(href);
    return path ? <Link to={path}>{children}</Link> : <span>{children}</span>;
  },
  // A wide table scrolls inside its bubble rather than widening the page on a phone; the region
  // takes focus when it overflows so the keyboard reaches its hidden columns.
  table: ({ children }) => (
    <div data-testid="saytrix-table-scroll">
      <ScrollRegion label="Table">
        <table>{children}</table>
      </ScrollRegion>
    </div>
  ),
};

/** A reply's markdown with no images (an image URL is a request to another host) and no raw HTML. */
export function SafeMarkdown({ children }: { children: string }): ReactNode {
  return (
    <Markdown remarkPlugins={[remarkGfm]} disallowedElements={['img']} skipHtml components={components}>
      {children}
    </Markdown>
  );
}
