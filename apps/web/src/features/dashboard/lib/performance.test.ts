import { describe, expect, it } from 'vitest';
import { comparisonText } from './performance';

describe('comparisonText', () => {
  it('names the winner and the gap', () => {
    expect(comparisonText(3.5, 1.25)).toBe('You beat NIFTY 50 by 2.25 percentage points.');
    expect(comparisonText(-1, 2)).toBe('NIFTY 50 beat your portfolio by 3.00 percentage points.');
    expect(comparisonText(null, 2)).toBeNull();
  });
});
