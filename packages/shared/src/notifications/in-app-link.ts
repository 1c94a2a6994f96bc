/**
 * The WHATWG URL of browsers and Node; declared because this package compiles without DOM or Node
 * types. Only the parts used here.
 */
declare const URL: new (
  input: string,
  base: string,
) => { origin: string; pathname: string; search: string; hash: string };

/** An origin no real site has, standing in for the app's while a link is resolved. */
const APP = 'https://nivesh.invalid';

/**
 * The path a notification link opens inside the app, or null when a browser would resolve it to
 * another site. Resolving is the test, not the text: `/\evil.example` and `/<tab>/evil.example`
 * start with one slash yet a browser reads them as `//evil.example`.
 */
export function inAppPath(link: string): string | null {
  if (!link.startsWith('/')) return null;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(link, APP);
  } catch {
    return null;
  }
  return url.origin === APP ? `${url.pathname}${url.search}${url.hash}` : null;
}
