import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { containsPattern } from './sql-like.js';

describe('containsPattern', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('TCS')).toBe('%TCS%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  const db = new PGlite();
  afterAll(() => db.close());

  it('matches the term literally in PostgreSQL', async () => {
    const matches = async (text: string, term: string) =>
      (await db.query<{ m: boolean }>('select $1::text ilike $2 as m', [text, containsPattern(term)]))
        .rows[0]!.m;
    expect(await matches('Up 50% today', '50%')).toBe(true);
    expect(await matches('Up 500 today', '50%')).toBe(false);
    expect(await matches('a_b', 'a_b')).toBe(true);
    expect(await matches('axb', 'a_b')).toBe(false);
    expect(await matches('C:\\path', ':\\p')).toBe(true);
    expect(await matches('tata motors', 'TATA')).toBe(true);
  });
});
