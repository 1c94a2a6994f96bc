import { describe, expect, it } from 'vitest';
import { readQuantity } from './quick-buy';

describe('readQuantity', () => {
  it('keeps whole numbers and turns anything else into 1', () => {
    expect(readQuantity('7')).toBe(7);
    expect(readQuantity('')).toBe(1);
    expect(readQuantity('abc')).toBe(1);
    expect(readQuantity('0')).toBe(1);
  });
});
