import { describe, expect, it } from 'vitest';
import { istDate } from '@nivesh/shared';
import { estimateTax, matchLots, taxClassOf, type GainsFill, type GainsLot } from './capital-gains.math.js';

/** An IST wall-clock time as UNIX ms. */
const ist = (date: string, time = '10:00') => Date.parse(`${date}T${time}:00+05:30`);

let n = 0;
const fill = (
  side: 'BUY' | 'SELL',
  symbol: string,
  quantity: number,
  priceRupees: number,
  chargesPaise: bigint,
  at: number,
  product: 'CNC' | 'MIS' = 'CNC',
  sttPaise = 0n,
): GainsFill => ({
  id: `f${(n += 1)}`,
  symbol,
  product,
  side,
  quantity,
  pricePaise: BigInt(Math.round(priceRupees * 100)),
  chargesPaise,
  sttPaise,
  date: istDate(at),
});

const view = (l: GainsLot) => ({
  symbol: l.symbol,
  buyDate: l.buyDate,
  sellDate: l.sellDate,
  quantity: l.quantity,
  buyValue: l.buyValuePaise,
  buyCharges: l.buyChargesPaise,
  cost: l.costPaise,
  sellValue: l.sellValuePaise,
  sellCharges: l.sellChargesPaise,
  proceeds: l.proceedsPaise,
  gain: l.gainPaise,
  stt: l.sttPaise,
  gainForTax: l.gainForTaxPaise,
  holdingDays: l.holdingDays,
  taxClass: l.taxClass,
});

describe('capital gains, worked by hand', () => {
  /*
   * Buys in two financial years, a partial FIFO sell across both lots, an intraday round trip
   * (charges include the STT shown in brackets):
   *
   *   B1 2025-03-10 (FY 2024-25) INFY BUY 100 @ 1,000.00, charges 120.37 (STT 100.00)
   *   B2 2025-06-20 (FY 2025-26) INFY BUY 100 @ 1,800.00, charges 215.11 (STT 180.00)
   *   S1 2026-05-15 (FY 2026-27) INFY SELL 150 @ 2,400.00, charges 380.45 (STT 360.00)
   *   T1 2026-08-03 10:00 TCS BUY 4 @ 3,000.00, charges 4.10 (STT 0); T2 14:00 SELL 4 @ 3,050.00, charges 9.35 (STT 3.05)
   *   S2 2027-04-05 (FY 2027-28) INFY SELL 50 @ 2,000.00, charges 127.00 (STT 100.00)
   *
   * S1 takes all of B1, then 50 of B2 (FIFO). Charges split by cumulative share, half-up:
   *   S1's first 100 of 150: 38045 × 100 / 150 = 25363.33 → 25363 paise; the next 50: 38045 − 25363 = 12682.
   *   B2's first 50 of 100: 21511 × 50 / 100 = 10755.5 → 10756; its last 50 (sold by S2): 21511 − 10756 = 10755.
   *   STT the same way: S1 36000 → 24000 + 12000; B2 18000 → 9000 + 9000.
   *
   * Lot 1 (B1 → S1, 100): cost 1,00,000.00 + 120.37 = 1,00,120.37; proceeds 2,40,000.00 − 253.63 = 2,39,746.37;
   *   gain 1,39,626.00; STT 100.00 + 240.00 = 340.00, gain for tax 1,39,966.00;
   *   2025-03-10 → 2026-05-15 is 431 days, more than 12 months: LTCG.
   * Lot 2 (B2 → S1, 50): cost 90,000.00 + 107.56 = 90,107.56; proceeds 1,20,000.00 − 126.82 = 1,19,873.18;
   *   gain 29,765.62; STT 90.00 + 120.00 = 210.00, gain for tax 29,975.62; 329 days: STCG.
   * Lot 3 (T1 → T2, 4): cost 12,000.00 + 4.10 = 12,004.10; proceeds 12,200.00 − 9.35 = 12,190.65;
   *   gain 186.55; STT 3.05, deducted as a business expense, so gain for tax 186.55; same day: INTRADAY.
   * FY 2026-27 tax (20% / 12.5% above 1,25,000, in force from 2024-07-23), on the gains for tax:
   *   STCG 29,975.62 × 20% = 5,995.124 → 5,995.12.
   *   LTCG (1,39,966.00 − 1,25,000.00) = 14,966.00 × 12.5% = 1,870.75.
   *   estimatedTax = 7,865.87; intraday is not estimated (slab rate).
   * Lot 4 (B2 → S2, 50), FY 2027-28: cost 90,000.00 + 107.55 = 90,107.55; proceeds 1,00,000.00 − 127.00
   *   = 99,873.00; gain 9,765.45; STT 90.00 + 100.00 = 190.00, gain for tax 9,955.45;
   *   2025-06-20 → 2027-04-05 is 654 days: LTCG, under the exemption, tax 0.
   */
  const fills = [
    fill('BUY', 'INFY', 100, 1000, 12037n, ist('2025-03-10'), 'CNC', 10000n),
    fill('BUY', 'INFY', 100, 1800, 21511n, ist('2025-06-20'), 'CNC', 18000n),
    fill('SELL', 'INFY', 150, 2400, 38045n, ist('2026-05-15'), 'CNC', 36000n),
    fill('BUY', 'TCS', 4, 3000, 410n, ist('2026-08-03', '10:00')),
    fill('SELL', 'TCS', 4, 3050, 935n, ist('2026-08-03', '14:00'), 'CNC', 305n),
    fill('SELL', 'INFY', 50, 2000, 12700n, ist('2027-04-05'), 'CNC', 10000n),
  ];
  const lots = matchLots(fills);

  it('matches every lot FIFO with its charges apportioned to the paisa', () => {
    expect(lots.map(view)).toEqual([
      {
        symbol: 'INFY',
        buyDate: '2025-03-10',
        sellDate: '2026-05-15',
        quantity: 100,
        buyValue: 1_00_000_00n,
        buyCharges: 12037n,
        cost: 1_00_120_37n,
        sellValue: 2_40_000_00n,
        sellCharges: 25363n,
        proceeds: 2_39_746_37n,
        gain: 1_39_626_00n,
        stt: 340_00n,
        gainForTax: 1_39_966_00n,
        holdingDays: 431,
        taxClass: 'LTCG',
      },
      {
        symbol: 'INFY',
        buyDate: '2025-06-20',
        sellDate: '2026-05-15',
        quantity: 50,
        buyValue: 90_000_00n,
        buyCharges: 10756n,
        cost: 90_107_56n,
        sellValue: 1_20_000_00n,
        sellCharges: 12682n,
        proceeds: 1_19_873_18n,
        gain: 29_765_62n,
        stt: 210_00n,
        gainForTax: 29_975_62n,
        holdingDays: 329,
        taxClass: 'STCG',
      },
      {
        symbol: 'TCS',
        buyDate: '2026-08-03',
        sellDate: '2026-08-03',
        quantity: 4,
        buyValue: 12_000_00n,
        buyCharges: 410n,
        cost: 12_004_10n,
        sellValue: 12_200_00n,
        sellCharges: 935n,
        proceeds: 12_190_65n,
        gain: 186_55n,
        stt: 3_05n,
        gainForTax: 186_55n,
        holdingDays: 0,
        taxClass: 'INTRADAY',
      },
      {
        symbol: 'INFY',
        buyDate: '2025-06-20',
        sellDate: '2027-04-05',
        quantity: 50,
        buyValue: 90_000_00n,
        buyCharges: 10755n,
        cost: 90_107_55n,
        sellValue: 1_00_000_00n,
        sellCharges: 12700n,
        proceeds: 99_873_00n,
        gain: 9_765_45n,
        stt: 190_00n,
        gainForTax: 9_955_45n,
        holdingDays: 654,
        taxClass: 'LTCG',
      },
    ]);
  });

  it('estimates the year’s tax at the rates of the sell dates, the exemption applied', () => {
    const year = lots.filter((l) => l.sellDate >= '2026-04-01' && l.sellDate <= '2027-03-31');
    const tax = estimateTax(year, '2026-27');
    expect(tax.totals).toEqual({
      INTRADAY: {
        lots: 1,
        quantity: 4,
        costPaise: 12_004_10n,
        proceedsPaise: 12_190_65n,
        gainPaise: 186_55n,
        gainForTaxPaise: 186_55n,
      },
      STCG: {
        lots: 1,
        quantity: 50,
        costPaise: 90_107_56n,
        proceedsPaise: 1_19_873_18n,
        gainPaise: 29_765_62n,
        gainForTaxPaise: 29_975_62n,
      },
      LTCG: {
        lots: 1,
        quantity: 100,
        costPaise: 1_00_120_37n,
        proceedsPaise: 2_39_746_37n,
        gainPaise: 1_39_626_00n,
        gainForTaxPaise: 1_39_966_00n,
      },
    });
    expect(tax.ltcgExemptionPaise).toBe(1_25_000_00n);
    expect(tax.ltcgExemptionUsedPaise).toBe(1_25_000_00n);
    expect(tax.shortTermLossSetOffPaise).toBe(0n);
    expect(tax.taxableStcgPaise).toBe(29_975_62n);
    expect(tax.taxableLtcgPaise).toBe(14_966_00n);
    expect(tax.stcgTaxPaise).toBe(5_995_12n);
    expect(tax.ltcgTaxPaise).toBe(1_870_75n);
    expect(tax.stcgTaxPaise + tax.ltcgTaxPaise).toBe(7_865_87n);
    expect(tax.rates.map((r) => r.effectiveFrom)).toEqual(['2024-07-23']);
  });

  it('keeps a lot bought in one year and sold in a later one in the sell year, under the exemption', () => {
    const next = estimateTax(
      lots.filter((l) => l.sellDate >= '2027-04-01'),
      '2027-28',
    );
    expect(next.totals.LTCG.gainPaise).toBe(9_765_45n);
    expect(next.ltcgExemptionUsedPaise).toBe(9_955_45n);
    expect(next.stcgTaxPaise + next.ltcgTaxPaise).toBe(0n);
  });
});

describe('matching and tax rules', () => {
  it('books a same-day buy and sell as intraday before older lots, even on delivery', () => {
    const lots = matchLots([
      fill('BUY', 'ITC', 10, 400, 100n, ist('2026-06-01')),
      fill('BUY', 'ITC', 5, 410, 50n, ist('2026-07-01', '09:30')),
      fill('SELL', 'ITC', 8, 420, 80n, ist('2026-07-01', '11:00')),
    ]);
    expect(lots.map((l) => [l.buyDate, l.quantity, l.taxClass])).toEqual([
      ['2026-07-01', 5, 'INTRADAY'],
      ['2026-06-01', 3, 'STCG'],
    ]);
  });

  it('is long-term only after more than 12 months (the anniversary itself is short-term)', () => {
    expect(taxClassOf('CNC', '2025-06-10', '2026-06-10')).toBe('STCG');
    expect(taxClassOf('CNC', '2025-06-10', '2026-06-11')).toBe('LTCG');
    expect(taxClassOf('CNC', '2024-02-29', '2025-02-28')).toBe('STCG');
    expect(taxClassOf('CNC', '2024-02-29', '2025-03-01')).toBe('LTCG');
    expect(taxClassOf('MIS', '2026-06-10', '2026-06-10')).toBe('INTRADAY');
  });

  it('taxes by the sell date: 15% before 2024-07-23, 20% from it', () => {
    const lots = matchLots([
      fill('BUY', 'SBIN', 10, 500, 0n, ist('2024-05-02')),
      fill('SELL', 'SBIN', 5, 600, 0n, ist('2024-07-22')),
      fill('SELL', 'SBIN', 5, 600, 0n, ist('2024-07-23')),
    ]);
    // 500.00 gain each: 15% = 75.00 and 20% = 100.00.
    const tax = estimateTax(lots, '2024-25');
    expect(tax.stcgTaxPaise).toBe(175_00n);
    expect(tax.rates.map((r) => r.effectiveFrom)).toEqual(['2018-04-01', '2024-07-23']);
    // 2024-25 has the ₹1.25 lakh exemption for the whole year (the Act's reading).
    expect(tax.ltcgExemptionPaise).toBe(1_25_000_00n);
  });

  it('sets a net short-term loss off against long-term gains before the exemption', () => {
    const lots = matchLots([
      fill('BUY', 'A', 1, 100_000, 0n, ist('2024-01-10')),
      fill('BUY', 'B', 1, 50_000, 0n, ist('2026-01-10')),
      fill('SELL', 'A', 1, 250_000, 0n, ist('2026-05-10')),
      fill('SELL', 'B', 1, 30_000, 0n, ist('2026-05-11')),
    ]);
    // LTCG 1,50,000; STCL 20,000 set off → 1,30,000; exemption 1,25,000 → 5,000 × 12.5% = 625.00.
    const tax = estimateTax(lots, '2026-27');
    expect(tax.shortTermLossSetOffPaise).toBe(20_000_00n);
    expect(tax.ltcgExemptionUsedPaise).toBe(1_25_000_00n);
    expect(tax.taxableLtcgPaise).toBe(5_000_00n);
    expect(tax.ltcgTaxPaise).toBe(625_00n);
    expect(tax.stcgTaxPaise).toBe(0n);
    expect(tax.taxableStcgPaise).toBe(0n);
  });
});
