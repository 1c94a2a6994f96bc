import {
  LONG_TERM_AFTER_MONTHS,
  capitalGainsRatesOn,
  dateToDayNumber,
  financialYearRange,
  type CapitalGainsTaxRates,
  type Product,
  type Rate,
  type TaxClass,
} from '@nivesh/shared';

/** What the matcher needs of a fill; money in paise, `at` in UNIX ms. */
export interface GainsFill {
  id: string;
  symbol: string;
  product: Product;
  side: 'BUY' | 'SELL';
  quantity: number;
  pricePaise: bigint;
  /** The fill's charges, every line added. */
  chargesPaise: bigint;
  /** Of which securities transaction tax, which capital gains may not deduct (s.48). */
  sttPaise: bigint;
  /** The IST date it was traded on ('YYYY-MM-DD'); fills come in booking order. */
  date: string;
}

/** One realised lot in paise; dates are IST calendar dates. */
export interface GainsLot {
  symbol: string;
  product: Product;
  buyFillId: string;
  sellFillId: string;
  buyDate: string;
  sellDate: string;
  quantity: number;
  buyPricePaise: bigint;
  sellPricePaise: bigint;
  buyValuePaise: bigint;
  buyChargesPaise: bigint;
  sellValuePaise: bigint;
  sellChargesPaise: bigint;
  costPaise: bigint;
  proceedsPaise: bigint;
  gainPaise: bigint;
  /** STT of both sides apportioned to these shares (within the charges above). */
  sttPaise: bigint;
  /**
   * The gain the tax is worked on: for STCG and LTCG the STT is added back, as s.48 allows no
   * deduction for it; intraday (business income) deducts it like any other charge.
   */
  gainForTaxPaise: bigint;
  holdingDays: number;
  taxClass: TaxClass;
  /** The schedule in force on the sell date (for intraday too, though its rates are not applied). */
  rates: CapitalGainsTaxRates;
}

const halfUp = (numerator: bigint, denominator: bigint) =>
  (numerator * 2n + denominator) / (2n * denominator);

/**
 * The charges of the first `k` shares of a fill of `quantity` shares. A part of shares a..b gets
 * share(b) − share(a): the parts of a fill add up to its charges exactly, each within a paisa of
 * its proportional share, and a part never changes when later sells use more of the fill (a largest-
 * remainder split would need every part known first, so a closed year's report would move a paisa
 * when a later year sells the rest of the lot).
 */
function share(charges: bigint, k: number, quantity: number): bigint {
  return halfUp(charges * BigInt(k), BigInt(quantity));
}

/** The IST date `months` after a 'YYYY-MM-DD', the day clamped to the month's length. */
function addMonthsToDate(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Same IST day is intraday (MIS always is); held more than 12 months is long-term; else short-term. */
export function taxClassOf(product: Product, buyDate: string, sellDate: string): TaxClass {
  if (product === 'MIS' || buyDate === sellDate) return 'INTRADAY';
  return sellDate > addMonthsToDate(buyDate, LONG_TERM_AFTER_MONTHS) ? 'LTCG' : 'STCG';
}

interface OpenLot {
  fill: GainsFill;
  date: string;
  remaining: number;
}

/**
 * Every realised lot of a user's fills (oldest first), matched per symbol and product. A sell
 * first takes that day's earlier buys (a same-day buy and sell is intraday, as brokers' tax
 * statements book it), then the oldest lots first (FIFO). Shares sold beyond what was bought
 * cannot happen (positions never go below zero) and are left unmatched.
 */
export function matchLots(fills: readonly GainsFill[]): GainsLot[] {
  const open = new Map<string, OpenLot[]>();
  const used = new Map<string, number>();
  const lots: GainsLot[] = [];
  /** The next `quantity` shares of a fill: their part of its charges and of its STT. */
  const take = (fill: GainsFill, quantity: number) => {
    const before = used.get(fill.id) ?? 0;
    used.set(fill.id, before + quantity);
    const part = (total: bigint) =>
      share(total, before + quantity, fill.quantity) - share(total, before, fill.quantity);
    return { charges: part(fill.chargesPaise), stt: part(fill.sttPaise) };
  };
  for (const fill of fills) {
    const key = `${fill.symbol}\u0000${fill.product}`;
    const queue = open.get(key) ?? [];
    open.set(key, queue);
    const date = fill.date;
    if (fill.side === 'BUY') {
      queue.push({ fill, date, remaining: fill.quantity });
      continue;
    }
    let left = fill.quantity;
    const order = [...queue.filter((l) => l.date === date), ...queue.filter((l) => l.date !== date)];
    for (const lot of order) {
      if (left === 0) break;
      const quantity = Math.min(left, lot.remaining);
      if (quantity === 0) continue;
      left -= quantity;
      lot.remaining -= quantity;
      const buy = take(lot.fill, quantity);
      const sell = take(fill, quantity);
      const buyChargesPaise = buy.charges;
      const sellChargesPaise = sell.charges;
      const taxClass = taxClassOf(fill.product, lot.date, date);
      const sttPaise = buy.stt + sell.stt;
      const buyValuePaise = lot.fill.pricePaise * BigInt(quantity);
      const sellValuePaise = fill.pricePaise * BigInt(quantity);
      const costPaise = buyValuePaise + buyChargesPaise;
      const proceedsPaise = sellValuePaise - sellChargesPaise;
      lots.push({
        symbol: fill.symbol,
        product: fill.product,
        buyFillId: lot.fill.id,
        sellFillId: fill.id,
        buyDate: lot.date,
        sellDate: date,
        quantity,
        buyPricePaise: lot.fill.pricePaise,
        sellPricePaise: fill.pricePaise,
        buyValuePaise,
        buyChargesPaise,
        sellValuePaise,
        sellChargesPaise,
        costPaise,
        proceedsPaise,
        gainPaise: proceedsPaise - costPaise,
        sttPaise,
        gainForTaxPaise: proceedsPaise - costPaise + (taxClass === 'INTRADAY' ? 0n : sttPaise),
        holdingDays: dateToDayNumber(date) - dateToDayNumber(lot.date),
        taxClass,
        rates: capitalGainsRatesOn(date),
      });
    }
    open.set(
      key,
      queue.filter((l) => l.remaining > 0),
    );
  }
  return lots;
}

export interface ClassTotal {
  lots: number;
  quantity: number;
  costPaise: bigint;
  proceedsPaise: bigint;
  gainPaise: bigint;
  gainForTaxPaise: bigint;
}

export interface TaxEstimate {
  totals: Record<TaxClass, ClassTotal>;
  ltcgExemptionPaise: bigint;
  ltcgExemptionUsedPaise: bigint;
  shortTermLossSetOffPaise: bigint;
  taxableStcgPaise: bigint;
  taxableLtcgPaise: bigint;
  stcgTaxPaise: bigint;
  ltcgTaxPaise: bigint;
  /** The schedules the year's STCG/LTCG sells were taxed by, oldest first. */
  rates: CapitalGainsTaxRates[];
}

const applyRate = (paise: bigint, r: Rate) => halfUp(paise * r.numerator, r.denominator);

/**
 * Tax on one class: gains (as worked for tax, STT added back) grouped by the rate in force on their sell date; the class's losses,
 * and then any `allowance` (set-off, exemption), are taken from the highest-rate gains first,
 * as a taxpayer may (this only matters in a year whose rates changed, 2024-25). Returns the tax,
 * the taxable gain and how much of the allowance was used.
 */
function taxOfClass(
  lots: readonly GainsLot[],
  rateOf: (r: CapitalGainsTaxRates) => Rate,
  allowancePaise: bigint,
): { taxPaise: bigint; taxablePaise: bigint; allowanceUsedPaise: bigint; netPaise: bigint } {
  const buckets = new Map<CapitalGainsTaxRates, bigint>();
  for (const lot of lots) buckets.set(lot.rates, (buckets.get(lot.rates) ?? 0n) + lot.gainForTaxPaise);
  const sorted = [...buckets.entries()].sort(([a], [b]) => {
    const ra = rateOf(a);
    const rb = rateOf(b);
    const diff = rb.numerator * ra.denominator - ra.numerator * rb.denominator;
    return diff > 0n ? 1 : diff < 0n ? -1 : 0;
  });
  let losses = sorted.reduce((sum, [, net]) => (net < 0n ? sum - net : sum), 0n);
  let allowance = allowancePaise;
  let taxPaise = 0n;
  let taxablePaise = 0n;
  for (const [rates, net] of sorted) {
    if (net <= 0n) continue;
    let taxable = net;
    const offset = losses < taxable ? losses : taxable;
    losses -= offset;
    taxable -= offset;
    const allowed = allowance < taxable ? allowance : taxable;
    allowance -= allowed;
    taxable -= allowed;
    taxablePaise += taxable;
    taxPaise += applyRate(taxable, rateOf(rates));
  }
  const netPaise = lots.reduce((sum, l) => sum + l.gainForTaxPaise, 0n);
  return { taxPaise, taxablePaise, allowanceUsedPaise: allowancePaise - allowance, netPaise };
}

/**
 * Totals per class and the estimated tax of one financial year's lots (all sold in it). A net
 * short-term loss is set off against long-term gains (s.70); a long-term loss only against
 * long-term gains. The long-term exemption applies to what is left. Intraday is speculative
 * business income at the slab rate: totalled, never estimated. Losses carried to later years are
 * not modelled.
 */
export function estimateTax(lots: readonly GainsLot[], financialYear: string): TaxEstimate {
  const totals = {} as Record<TaxClass, ClassTotal>;
  for (const taxClass of ['INTRADAY', 'STCG', 'LTCG'] as const) {
    const of = lots.filter((l) => l.taxClass === taxClass);
    totals[taxClass] = {
      lots: of.length,
      quantity: of.reduce((sum, l) => sum + l.quantity, 0),
      costPaise: of.reduce((sum, l) => sum + l.costPaise, 0n),
      proceedsPaise: of.reduce((sum, l) => sum + l.proceedsPaise, 0n),
      gainPaise: of.reduce((sum, l) => sum + l.gainPaise, 0n),
      gainForTaxPaise: of.reduce((sum, l) => sum + l.gainForTaxPaise, 0n),
    };
  }
  const yearEnd = capitalGainsRatesOn(financialYearRange(financialYear).to);
  const short = lots.filter((l) => l.taxClass === 'STCG');
  const long = lots.filter((l) => l.taxClass === 'LTCG');
  const stcg = taxOfClass(short, (r) => r.stcgRate, 0n);
  const shortTermLoss = stcg.netPaise < 0n ? -stcg.netPaise : 0n;
  // The set-off comes before the exemption: both are one allowance, set-off used first.
  const ltcg = taxOfClass(long, (r) => r.ltcgRate, shortTermLoss + yearEnd.ltcgExemptionPaise);
  const setOff = ltcg.allowanceUsedPaise < shortTermLoss ? ltcg.allowanceUsedPaise : shortTermLoss;
  const taxed = lots.filter((l) => l.taxClass !== 'INTRADAY').map((l) => l.rates);
  const rates = [...new Set(taxed.length > 0 ? taxed : [yearEnd])].sort((a, b) =>
    a.effectiveFrom.localeCompare(b.effectiveFrom),
  );
  return {
    totals,
    ltcgExemptionPaise: yearEnd.ltcgExemptionPaise,
    ltcgExemptionUsedPaise: ltcg.allowanceUsedPaise - setOff,
    shortTermLossSetOffPaise: setOff,
    taxableStcgPaise: stcg.taxablePaise,
    taxableLtcgPaise: ltcg.taxablePaise,
    stcgTaxPaise: stcg.taxPaise,
    ltcgTaxPaise: ltcg.taxPaise,
    rates,
  };
}
