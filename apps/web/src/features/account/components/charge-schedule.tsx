import { useState } from 'react';
import { ReceiptText } from 'lucide-react';
import { PRODUCT_LABELS } from '@nivesh/shared';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/date-format';
import { useCharges } from '../api/charges-api';
import { chargeLines } from '../lib/charge-lines';

/**
 * "Charges": the schedule the server charges by (GET /api/charges), read when opened, one list per
 * product for the ticket's exchange with the date each row took effect and its source.
 */
export function ChargeSchedule({ exchange = 'NSE' }: { exchange?: string }) {
  const [open, setOpen] = useState(false);
  const charges = useCharges(open);
  const shown = charges.data?.schedules.filter((s) => s.exchange === (exchange === 'BSE' ? 'BSE' : 'NSE'));
  return (
    <details
      className="rounded-lg border border-slate-200 text-sm dark:border-slate-700"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      data-testid="charge-schedule"
    >
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 font-medium text-slate-800 dark:text-slate-100">
        <ReceiptText aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
        Charges schedule
      </summary>
      <div className="space-y-3 border-t border-slate-200 px-3 py-2 dark:border-slate-700">
        {charges.isPending ? (
          <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
            <Spinner size="sm" /> Loading charges...
          </p>
        ) : charges.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {errorMessage(charges.error, 'Failed to load the charges')}
          </p>
        ) : (
          shown?.map((s) => (
            <section
              key={`${s.product}-${s.exchange}`}
              aria-label={`${PRODUCT_LABELS[s.product].long} charges`}
            >
              <h4 className="font-semibold text-slate-900 dark:text-white">
                {PRODUCT_LABELS[s.product].long} · {s.exchange}
              </h4>
              <dl className="mt-1 space-y-0.5">
                {chargeLines(s).map((line) => (
                  <div key={line.label} className="flex justify-between gap-3">
                    <dt className="text-slate-600 dark:text-slate-300">{line.label}</dt>
                    <dd className="text-right text-slate-800 dark:text-slate-100">{line.value}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                In force from {formatDay(s.effectiveFrom)}. Source: {s.source}. Brokerage:{' '}
                {s.brokerage.source}.
              </p>
            </section>
          ))
        )}
      </div>
    </details>
  );
}
