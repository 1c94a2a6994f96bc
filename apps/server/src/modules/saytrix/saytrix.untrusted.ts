/**
 * Text Saytrix did not write — feed titles and sources, journal notes, anything a user or a feed
 * typed — goes into a markdown reply as literal text: a feed titled `![x](https://evil/p.png)` must
 * not make the browser fetch an image, nor a "[verify](https://evil/login)" read as a link in
 * Saytrix's voice.
 */

/** Every character markdown (CommonMark + GFM tables/strikethrough) or inline HTML gives meaning. */
const SPECIALS = /[\\`*_[\]()!#<>|~{}]/g;

/** Schemes a renderer would turn into a link or a script; neutralised even without brackets. */
const SCHEMES = /\b(javascript|vbscript|data|file)\s*:/gi;

/** Bare addresses GFM autolinks (`https://…`, `www.…`); their dot/colon is broken so they stay text. */
const AUTOLINK = /\b(https?|ftp):\/\//gi;
const WWW = /\bwww\./gi;

/** Text that renders as itself: one line, every markdown special escaped, no link or script scheme. */
export function escapeMarkdownText(text: string): string {
  return (
    text
      // Control characters (other than spaces) and zero-width marks can hide or reorder text.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      // A newline would start a heading, list or table row of its own.
      .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
      .trim()
      .replace(SPECIALS, (c) => `\\${c}`)
      .replace(SCHEMES, (_m, scheme: string) => `${scheme}\u200b:`)
      .replace(AUTOLINK, (_m, scheme: string) => `${scheme}\u200b://`)
      .replace(WWW, (m) => `${m.slice(0, 3)}\u200b.`)
      // A leading number + dot or a leading dash/plus would start a list.
      .replace(/^(\d+)\./, '$1\\.')
      .replace(/^([-+=])/, '\\$1')
  );
}
