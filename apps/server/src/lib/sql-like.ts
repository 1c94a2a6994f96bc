/**
 * A LIKE/ILIKE pattern that matches `term` as a literal substring: the term's own `%`, `_` and
 * `\` are escaped (backslash is PostgreSQL's default LIKE escape), so a search for "50%" finds
 * "50%" and not every row starting with "50".
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
