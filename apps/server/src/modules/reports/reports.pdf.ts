import {
  CONTRACT_NOTE_TITLE,
  FEE_LINES,
  IST_OFFSET_MS,
  TAX_CLASSES,
  TAX_CLASS_LABELS,
  reportPortfolioLabel,
  rupeesToPaise,
  type CapitalGainsReport,
  type ReportPortfolio,
  type FeeLineKey,
  type Product,
} from '@nivesh/shared';
import { amount, heading, renderPdf, rs, section, table } from './pdf-document.js';

const r = (rupees: number) => amount(rupeesToPaise(rupees));

/** The capital-gains statement: every figure is the report's, printed, nothing recomputed. */
export function renderCapitalGainsPdf(report: CapitalGainsReport): Promise<Buffer> {
  const title = `Capital gains statement, financial year ${report.financialYear}`;
  return renderPdf(title, (doc) => {
    heading(doc, title, [
      `Portfolio: ${reportPortfolioLabel(report.portfolio)}.`,
      `Nivesh paper trading: simulated trades with virtual money. ${report.from} to ${report.to} (IST). Amounts in Rs.`,
      'Estimates for learning, not tax advice.',
    ]);
    section(doc, 'Summary by tax class');
    table(
      doc,
      ['Class', 'Lots', 'Quantity', 'Cost', 'Proceeds', 'Gain', 'Gain for tax', 'Estimated tax'],
      TAX_CLASSES.map((c) => [
        TAX_CLASS_LABELS[c],
        String(report.totals[c].lots),
        String(report.totals[c].quantity),
        r(report.totals[c].cost),
        r(report.totals[c].proceeds),
        r(report.totals[c].gain),
        r(report.totals[c].gainForTax),
        c === 'INTRADAY' ? 'at your slab rate' : r(report.taxByClass[c]),
      ]),
      [1, 2, 3, 4, 5, 6, 7],
    );
    doc.moveDown(0.5);
    doc.text(
      `Long-term exemption ${rs(rupeesToPaise(report.ltcgExemption))}, used ${rs(rupeesToPaise(report.ltcgExemptionUsed))}; short-term loss set off against long-term gains ${rs(rupeesToPaise(report.shortTermLossSetOff))}.`,
    );
    doc.text(
      `Taxable STCG ${rs(rupeesToPaise(report.taxableStcg))}, taxable LTCG ${rs(rupeesToPaise(report.taxableLtcg))}. Estimated tax ${rs(rupeesToPaise(report.estimatedTax))}.`,
    );
    doc.text(report.intradayNote);
    section(doc, 'Realised lots');
    if (report.lots.length === 0) doc.text('No sells in this financial year.');
    else
      table(
        doc,
        [
          'Symbol',
          'Prod.',
          'Bought',
          'Sold',
          'Qty',
          'Buy price',
          'Sell price',
          'Cost',
          'Proceeds',
          'Gain',
          'STT',
          'Days',
          'Class',
        ],
        report.lots.map((l) => [
          l.symbol,
          l.product,
          l.buyDate,
          l.sellDate,
          String(l.quantity),
          r(l.buyPrice),
          r(l.sellPrice),
          r(l.cost),
          r(l.proceeds),
          r(l.gain),
          r(l.stt),
          String(l.holdingDays),
          l.taxClass,
        ]),
        [4, 5, 6, 7, 8, 9, 10, 11],
      );
    section(doc, 'Rates applied');
    for (const rate of report.rates)
      doc.text(
        `From ${rate.effectiveFrom}: STCG ${rate.stcgRatePercent}%, LTCG ${rate.ltcgRatePercent}% above ${rs(rupeesToPaise(rate.ltcgExemption))} a year. ${rate.source}`,
      );
    section(doc, 'Notes');
    for (const note of report.notes) doc.text(note);
  });
}

export interface ContractNoteTrade {
  orderId: string;
  tradeId: string;
  at: Date;
  symbol: string;
  product: Product;
  side: 'BUY' | 'SELL';
  quantity: number;
  pricePaise: bigint;
  valuePaise: bigint;
  charges: Record<FeeLineKey, bigint>;
  chargesPaise: bigint;
}

const istTime = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(11, 19);
const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * One IST day's trades as a broker's contract note lays them out: the trades, each one's charge
 * lines, the day's charges by line and the net obligation (what the client pays or receives).
 */
export function renderContractNotePdf(note: {
  date: string;
  client: { id: string; email: string; fullName: string | null };
  portfolio: ReportPortfolio;
  trades: ContractNoteTrade[];
}): Promise<Buffer> {
  const { trades } = note;
  return renderPdf(`${CONTRACT_NOTE_TITLE} ${note.date}`, (doc) => {
    heading(doc, CONTRACT_NOTE_TITLE, [
      'Nivesh paper trading: these trades were simulated with virtual money; no exchange, broker or settlement was involved.',
      `Trade date ${note.date} (IST). Client ${note.client.fullName ?? ''} <${note.client.email}>, account ${shortId(note.client.id)}. Amounts in Rs.`,
      `Portfolio: ${reportPortfolioLabel(note.portfolio)}.`,
    ]);
    section(doc, 'Trades');
    table(
      doc,
      [
        'Order no.',
        'Trade no.',
        'Time (IST)',
        'Security',
        'Buy/Sell',
        'Product',
        'Quantity',
        'Price',
        'Value',
        'Charges',
      ],
      trades.map((t) => [
        shortId(t.orderId),
        shortId(t.tradeId),
        istTime(t.at),
        t.symbol,
        t.side === 'BUY' ? 'Buy' : 'Sell',
        t.product,
        String(t.quantity),
        amount(t.pricePaise),
        amount(t.valuePaise),
        amount(t.chargesPaise),
      ]),
      [6, 7, 8, 9],
    );
    section(doc, 'Charges per trade');
    table(
      doc,
      ['Trade no.', ...FEE_LINES.map((l) => l.label), 'Total'],
      trades.map((t) => [
        shortId(t.tradeId),
        ...FEE_LINES.map((l) => amount(t.charges[l.key])),
        amount(t.chargesPaise),
      ]),
      FEE_LINES.map((_, i) => i + 1).concat(FEE_LINES.length + 1),
    );
    const sum = (pick: (t: ContractNoteTrade) => bigint, side?: 'BUY' | 'SELL') =>
      trades.filter((t) => !side || t.side === side).reduce((s, t) => s + pick(t), 0n);
    const bought = sum((t) => t.valuePaise, 'BUY');
    const sold = sum((t) => t.valuePaise, 'SELL');
    const charges = sum((t) => t.chargesPaise);
    const net = sold - bought - charges;
    section(doc, 'Obligation');
    table(
      doc,
      ['Line', 'Amount'],
      [
        ['Bought (pay-in)', amount(bought)],
        ['Sold (pay-out)', amount(sold)],
        ...FEE_LINES.map((l) => [l.label, amount(sum((t) => t.charges[l.key]))]),
        ['Total charges', amount(charges)],
        [
          net < 0n ? 'Net amount payable by client' : 'Net amount receivable by client',
          amount(net < 0n ? -net : net),
        ],
      ],
      [1],
      360,
    );
    doc.moveDown(0.8);
    doc.text(
      'Each charge line was computed and rounded to the paisa when the trade was booked, and is shown as it was charged.',
    );
  });
}
