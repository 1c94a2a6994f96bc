import { describe, expect, it } from 'vitest';
import { initials, newsRelativeTime } from './news-format';

describe('news formatting', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  it('says Just now under an hour, then hours, then days', () => {
    expect(newsRelativeTime('2026-11-20T11:01:00Z', now)).toBe('Just now');
    expect(newsRelativeTime('2026-11-20T09:00:00Z', now)).toBe('3h ago');
    expect(newsRelativeTime('2026-07-23T16:05:22Z', now)).toBe('119d ago');
  });
  it('builds placeholder initials from the source', () => {
    expect(initials('The Times of India')).toBe('TI');
    expect(initials('BusinessLine')).toBe('BU');
    expect(initials('Nivesh market desk · simulated market')).toBe('NM');
  });
});
