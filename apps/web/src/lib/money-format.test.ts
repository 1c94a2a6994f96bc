import { describe, expect, it } from 'vitest';
import { formatInrCompact, formatInrFit, formatRupees, formatSignedInr } from './money-format';

describe('money formatting', () => {
  it('abbreviates at thousand, lakh and crore', () => {
    expect(formatInrCompact(999.5)).toBe('₹999.50');
    expect(formatInrCompact(10_000)).toBe('₹10.00 K');
    expect(formatInrCompact(250_000)).toBe('₹2.50 L');
    expect(formatInrCompact(31_500_000)).toBe('₹3.15 Cr');
    expect(formatInrCompact(-250_000)).toBe('−₹2.50 L');
  });

  it('signs gains and losses', () => {
    expect(formatSignedInr(12.5)).toBe('+₹12.50');
    expect(formatSignedInr(-3)).toBe('−₹3.00');
    expect(formatSignedInr(0)).toBe('₹0.00');
  });

  it('keeps paise and uses one minus sign (U+2212)', () => {
    expect(formatRupees(129.51)).toBe('₹129.51');
    expect(formatRupees(-3.31)).toBe('\u2212₹3.31');
    expect(formatRupees(-0)).toBe('₹0.00');
    expect(formatInrFit(-2_094.31)).toBe('−₹2,094.31');
  });

  it('keeps stat figures exact below a crore', () => {
    expect(formatInrFit(10_000)).toBe('₹10,000.00');
    expect(formatInrFit(12_345_678.9)).toBe('₹1.23 Cr');
  });
});
