import { TAX_CLASSES, TAX_CLASS_LABELS, type CapitalGainsReport } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatRupees, formatSignedInr } from '../../../lib/money-format';

const tone = (value: number) =>
  value > 0 ? 'text-emerald-700 dark:text-emerald-400' : value < 0 ? 'text-red-700 dark:text-red-400' : '';

/** Totals per tax class and the estimated tax, every figure as the server stated it. */
export function TaxSummary({ report }: { report: CapitalGainsReport }) {
  const rates = report.rates.at(-1);
  return (
    <Card aria-labelledby="tax-summary-title" data-testid="tax-summary">
      <CardTitle>
        <span id="tax-summary-title">Summary by tax class</span>
      </CardTitle>
      <div className="grid gap-3 sm:grid-cols-3">
        {TAX_CLASSES.map((c) => {
          const t = report.totals[c];
          const tax = report.taxByClass[c];
          return (
            <div
              key={c}
              className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              data-testid={`tax-class-${c}`}
            >
              <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{TAX_CLASS_LABELS[c]}</h3>
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {t.lots} {t.lots === 1 ? 'lot' : 'lots'}, {t.quantity} {t.quantity === 1 ? 'share' : 'shares'}
              </p>
              <p className={`mt-1 text-lg font-bold tabular-nums ${tone(t.gain)}`}>
                {formatSignedInr(t.gain)}
              </p>
              {tax === null ? (
                <p className="text-xs text-slate-600 dark:text-slate-300">Taxed at your slab rate</p>
              ) : (
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  For tax {formatSignedInr(t.gainForTax)} (STT added back)
                  <br />
                  Estimated tax {formatRupees(tax)}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600 dark:text-slate-300">Long-term exemption used</dt>
          <dd className="tabular-nums text-slate-900 dark:text-white">
            {formatRupees(report.ltcgExemptionUsed)} of {formatRupees(report.ltcgExemption)}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600 dark:text-slate-300">Short-term loss set off</dt>
          <dd className="tabular-nums text-slate-900 dark:text-white">
            {formatRupees(report.shortTermLossSetOff)}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-slate-600 dark:text-slate-300">Taxable STCG / LTCG</dt>
          <dd className="tabular-nums text-slate-900 dark:text-white">
            {formatRupees(report.taxableStcg)} / {formatRupees(report.taxableLtcg)}
          </dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="font-semibold text-slate-900 dark:text-white">Estimated tax (STCG + LTCG)</dt>
          <dd className="font-bold tabular-nums text-slate-900 dark:text-white" data-testid="estimated-tax">
            {formatRupees(report.estimatedTax)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">{report.intradayNote}</p>
      {rates ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Rates from {rates.effectiveFrom}: STCG {rates.stcgRatePercent}%, LTCG {rates.ltcgRatePercent}% above{' '}
          {formatRupees(rates.ltcgExemption)} a year, before surcharge and cess. Source: {rates.source}
        </p>
      ) : null}
    </Card>
  );
}
