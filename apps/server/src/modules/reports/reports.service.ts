import {
  FEE_LINES,
  INTRADAY_TAX_NOTE,
  financialYearOf,
  financialYearRange,
  istDate,
  paiseToRupees,
  type CapitalGainsReport,
  type ReportPortfolio,
  type TaxClass,
  type TradeDays,
} from '@nivesh/shared';
import type { AccountId } from '../../db/account-id.js';
import { notFound } from '../../lib/errors.js';
import { toCsv } from '../../lib/csv.js';
import type { ChargedFillRecord, FillsService } from '../portfolio/fills.service.js';
import { estimateTax, matchLots, type GainsFill, type GainsLot } from './capital-gains.math.js';
import { renderCapitalGainsPdf, renderContractNotePdf, type ContractNoteTrade } from './reports.pdf.js';

const rupees = paiseToRupees;
const percentOf = (r: { numerator: bigint; denominator: bigint }) =>
  (Number(r.numerator) * 100) / Number(r.denominator);

/** A fill's charges: every line of FEE_LINES added, so a new line counts once it is stored. */
export function chargesOf(fill: Pick<ChargedFillRecord, 'charges'>): bigint {
  return FEE_LINES.reduce((sum, { key }) => sum + fill.charges[key], 0n);
}

const toGainsFill = (f: ChargedFillRecord): GainsFill => ({
  id: f.id,
  symbol: f.symbol,
  product: f.product,
  side: f.side,
  quantity: f.quantity,
  pricePaise: f.pricePaise,
  chargesPaise: chargesOf(f),
  sttPaise: f.charges.stt,
  date: f.tradeDate,
});

const NOTES = [
  'Estimates for learning, not tax advice: check with a tax professional before filing.',
  'Lots are matched first-in, first-out per stock and product; a same-day buy and sell is intraday.',
  'Cost and proceeds include each trade’s charges, apportioned by quantity. STT may not be deducted from capital gains (s.48), so the tax is worked on the gain with the STT added back; intraday, being business income, deducts it.',
  'Tax is before surcharge and the 4% health and education cess; losses carried from other years are not modelled.',
];

/** The portfolio season a report reads: its account, and how the report names it. */
export interface ReportScope {
  accountId: AccountId;
  portfolio: ReportPortfolio;
  /** False for a closed season (read with `?season=`). */
  open: boolean;
}

/**
 * Reports over one portfolio season's fills (read through the one fills reader): the
 * capital-gains statement of a financial year and the simulated contract note of a trading day.
 */
export class ReportsService {
  constructor(private readonly o: { fills: FillsService; now: () => number }) {}

  private currentYear(): string {
    return financialYearOf(istDate(this.o.now()));
  }

  async capitalGains(scope: ReportScope, fy?: string): Promise<CapitalGainsReport> {
    const financialYear = fy ?? this.currentYear();
    const { from, to } = financialYearRange(financialYear);
    const all = matchLots((await this.o.fills.historyWithCharges(scope.accountId)).map(toGainsFill));
    // A lot counts in the year it was sold, wherever it was bought.
    const lots = all.filter((l) => l.sellDate >= from && l.sellDate <= to);
    const tax = estimateTax(lots, financialYear);
    const total = (c: TaxClass) => ({
      lots: tax.totals[c].lots,
      quantity: tax.totals[c].quantity,
      cost: rupees(tax.totals[c].costPaise),
      proceeds: rupees(tax.totals[c].proceedsPaise),
      gain: rupees(tax.totals[c].gainPaise),
      gainForTax: rupees(tax.totals[c].gainForTaxPaise),
    });
    return {
      portfolio: scope.portfolio,
      financialYear,
      from,
      to,
      lots: lots.map(lotRow),
      totals: { INTRADAY: total('INTRADAY'), STCG: total('STCG'), LTCG: total('LTCG') },
      ltcgExemption: rupees(tax.ltcgExemptionPaise),
      ltcgExemptionUsed: rupees(tax.ltcgExemptionUsedPaise),
      shortTermLossSetOff: rupees(tax.shortTermLossSetOffPaise),
      taxableStcg: rupees(tax.taxableStcgPaise),
      taxableLtcg: rupees(tax.taxableLtcgPaise),
      estimatedTax: rupees(tax.stcgTaxPaise + tax.ltcgTaxPaise),
      taxByClass: { STCG: rupees(tax.stcgTaxPaise), LTCG: rupees(tax.ltcgTaxPaise), INTRADAY: null },
      intradayNote: INTRADAY_TAX_NOTE,
      rates: tax.rates.map((r) => ({
        effectiveFrom: r.effectiveFrom,
        stcgRatePercent: percentOf(r.stcgRate),
        ltcgRatePercent: percentOf(r.ltcgRate),
        ltcgExemption: rupees(r.ltcgExemptionPaise),
        source: r.source,
      })),
      yearsWithSells: [...new Set(all.map((l) => financialYearOf(l.sellDate)))].sort().reverse(),
      currentYear: this.currentYear(),
      notes: NOTES,
    };
  }

  async capitalGainsCsv(scope: ReportScope, fy?: string): Promise<{ filename: string; csv: string }> {
    const report = await this.capitalGains(scope, fy);
    const header = [
      'Symbol',
      'Product',
      'Buy date',
      'Sell date',
      'Quantity',
      'Buy price',
      'Sell price',
      'Buy value',
      'Buy charges',
      'Cost',
      'Sell value',
      'Sell charges',
      'Proceeds',
      'Gain',
      'STT',
      'Gain for tax',
      'Holding days',
      'Tax class',
      'Tax rate %',
    ];
    const rows = report.lots.map((l) => [
      l.symbol,
      l.product,
      l.buyDate,
      l.sellDate,
      l.quantity,
      money(l.buyPrice),
      money(l.sellPrice),
      money(l.buyValue),
      money(l.buyCharges),
      money(l.cost),
      money(l.sellValue),
      money(l.sellCharges),
      money(l.proceeds),
      money(l.gain),
      money(l.stt),
      money(l.gainForTax),
      l.holdingDays,
      l.taxClass,
      l.taxRatePercent,
    ]);
    return {
      filename: `capital-gains-${report.financialYear}${suffix(scope)}.csv`,
      csv: toCsv(header, rows),
    };
  }

  async capitalGainsPdf(scope: ReportScope, fy?: string): Promise<{ filename: string; pdf: Buffer }> {
    const report = await this.capitalGains(scope, fy);
    return {
      filename: `capital-gains-${report.financialYear}${suffix(scope)}.pdf`,
      pdf: await renderCapitalGainsPdf(report),
    };
  }

  async tradeDays(scope: ReportScope, fy?: string): Promise<TradeDays> {
    const financialYear = fy ?? this.currentYear();
    const { from, to } = financialYearRange(financialYear);
    const counts = new Map<string, number>();
    for (const f of await this.o.fills.historyWithCharges(scope.accountId, { from, to }))
      counts.set(f.tradeDate, (counts.get(f.tradeDate) ?? 0) + 1);
    const days = [...counts.entries()].sort(([a], [b]) => b.localeCompare(a));
    return { financialYear, days: days.map(([date, trades]) => ({ date, trades })) };
  }

  /** The day's note, or 404 when the portfolio season has no trade that IST day. */
  async contractNote(
    user: { id: string; email: string; fullName: string | null },
    scope: ReportScope,
    date: string,
  ): Promise<{ filename: string; pdf: Buffer }> {
    const fills = await this.o.fills.historyWithCharges(scope.accountId, { from: date, to: date });
    if (fills.length === 0) throw notFound(`No trades on ${date}, so there is no contract note for it`);
    const trades: ContractNoteTrade[] = fills.map((f) => ({
      orderId: f.orderId,
      tradeId: f.id,
      at: f.createdAt,
      symbol: f.symbol,
      product: f.product,
      side: f.side,
      quantity: f.quantity,
      pricePaise: f.pricePaise,
      valuePaise: f.valuePaise,
      charges: f.charges,
      chargesPaise: chargesOf(f),
    }));
    return {
      filename: `contract-note-${date}${suffix(scope)}.pdf`,
      pdf: await renderContractNotePdf({ date, client: user, portfolio: scope.portfolio, trades }),
    };
  }
}

const money = (rupeesValue: number) => rupeesValue.toFixed(2);

/** Main's open season keeps the plain file names; another portfolio or season is named in them. */
function suffix({ portfolio: p, open }: ReportScope): string {
  const name =
    p.kind === 'main'
      ? ''
      : `-${
          p.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '') || 'portfolio'
        }`;
  return `${name}${p.season > 1 || !open ? `-season-${p.season}` : ''}`;
}

function lotRow(l: GainsLot): CapitalGainsReport['lots'][number] {
  return {
    symbol: l.symbol,
    product: l.product,
    buyDate: l.buyDate,
    sellDate: l.sellDate,
    quantity: l.quantity,
    buyPrice: rupees(l.buyPricePaise),
    sellPrice: rupees(l.sellPricePaise),
    buyValue: rupees(l.buyValuePaise),
    buyCharges: rupees(l.buyChargesPaise),
    cost: rupees(l.costPaise),
    sellValue: rupees(l.sellValuePaise),
    sellCharges: rupees(l.sellChargesPaise),
    proceeds: rupees(l.proceedsPaise),
    gain: rupees(l.gainPaise),
    stt: rupees(l.sttPaise),
    gainForTax: rupees(l.gainForTaxPaise),
    holdingDays: l.holdingDays,
    taxClass: l.taxClass,
    taxRatePercent:
      l.taxClass === 'STCG'
        ? percentOf(l.rates.stcgRate)
        : l.taxClass === 'LTCG'
          ? percentOf(l.rates.ltcgRate)
          : null,
    buyFillId: l.buyFillId,
    sellFillId: l.sellFillId,
  };
}
