import { describe, expect, it } from 'vitest';
import { capitalGainsQuerySchema } from './capital-gains.schema.js';
import { contractNoteQuerySchema } from './contract-note.schema.js';
import { financialYearOf, financialYearRange, financialYearStart } from './financial-year.js';
import { capitalGainsRatesOn } from './tax-rates.js';

describe('financial years', () => {
  it('runs April to March, January–March belonging to the year before', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2026-03-31')).toBe('2025-26');
    expect(financialYearOf('1999-12-31')).toBe('1999-00');
    expect(financialYearRange('2026-27')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
  });

  it('accepts only YYYY-YY with consecutive years', () => {
    expect(financialYearStart('2026-27')).toBe(2026);
    expect(financialYearStart('2099-00')).toBeNull();
    for (const bad of ['2026-28', '2026-7', '26-27', '2026/27', ' 2026-27'])
      expect(financialYearStart(bad)).toBeNull();
    expect(capitalGainsQuerySchema.safeParse({ fy: '2018-19' }).success).toBe(true);
    expect(capitalGainsQuerySchema.safeParse({ fy: '2017-18' }).error?.issues[0]?.message).toBe(
      'Reports start at the financial year 2018-19',
    );
    expect(capitalGainsQuerySchema.safeParse({ fy: '2026-28' }).error?.issues[0]?.message).toMatch(
      /like 2026-27/,
    );
  });

  it('takes contract-note dates that exist on the calendar', () => {
    expect(contractNoteQuerySchema.safeParse({ date: '2028-02-29' }).success).toBe(true);
    expect(contractNoteQuerySchema.safeParse({ date: '2027-02-29' }).success).toBe(false);
  });
});

describe('capital-gains tax rates as dated data', () => {
  it('applies the schedule in force on the sell date', () => {
    expect(capitalGainsRatesOn('2024-07-22').stcgRate).toEqual({ numerator: 15n, denominator: 100n });
    expect(capitalGainsRatesOn('2024-07-23').stcgRate).toEqual({ numerator: 20n, denominator: 100n });
    expect(capitalGainsRatesOn('2024-07-23').ltcgRate).toEqual({ numerator: 125n, denominator: 1000n });
    expect(capitalGainsRatesOn('2024-07-22').ltcgExemptionPaise).toBe(1_00_000_00n);
    expect(capitalGainsRatesOn('2026-11-27').ltcgExemptionPaise).toBe(1_25_000_00n);
    expect(capitalGainsRatesOn('2026-11-27').source).toMatch(/Finance \(No\. 2\) Act 2024/);
    expect(() => capitalGainsRatesOn('2018-03-31')).toThrow(RangeError);
  });
});
