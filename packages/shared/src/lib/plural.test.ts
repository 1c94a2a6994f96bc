import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says 1 share and 0 / 2 / 1,500 shares', () => {
    expect(plural(1, 'share')).toBe('1 share');
    expect(plural(0, 'share')).toBe('0 shares');
    expect(plural(2, 'share')).toBe('2 shares');
    expect(plural(1500, 'share')).toBe('1,500 shares');
    expect(plural(2, 'holding')).toBe('2 holdings');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
  });
});
