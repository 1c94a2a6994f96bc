import { useState } from 'react';
import { createAlertRequestSchema, type Alert } from '@nivesh/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useQuote } from '../../market/api/market-api';
import { useCreateAlert, useUpdateAlert } from '../api/alerts-api';
import { emptyForm, formOf, toRequest, type AlertFormValues } from '../lib/alert-form';

export interface AlertFormProps {
  open: boolean;
  onClose: () => void;
  symbol?: string | undefined;
  alert?: Alert | undefined;
}

/** State of the alert form: the stock, its live quote, the values, errors, and saving or re-arming. */
export function useAlertForm({ onClose, symbol: initialSymbol, alert }: AlertFormProps) {
  const [symbol, setSymbol] = useState(alert?.symbol ?? initialSymbol ?? '');
  const quote = useQuote(symbol);
  const [values, setValues] = useState<AlertFormValues | null>(alert ? formOf(alert) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAlert();
  const update = useUpdateAlert();
  // The level starts at the live price once it is known (never a made-up number).
  const form = values ?? emptyForm(quote.data?.price);
  const set = (patch: Partial<AlertFormValues>) => setValues({ ...form, ...patch });

  const submit = async () => {
    const body = toRequest(symbol, form);
    const parsed = createAlertRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.') || 'body'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (alert) {
        const { symbol: _symbol, expiresAt, ...rest } = body;
        void _symbol;
        // The expiry is sent only when the user picked another day; the stored instant stays otherwise.
        if (expiresAt !== undefined && form.expiresOn !== formOf(alert).expiresOn)
          Object.assign(rest, { expiresAt });
        // Saving a triggered or expired alert puts it back to work; a paused one stays paused.
        const rearm = alert.status === 'TRIGGERED' || alert.status === 'EXPIRED';
        const res = await update.mutateAsync({
          id: alert.id,
          body: { ...rest, note: rest.note ?? null, ...(rearm ? { status: 'ACTIVE' as const } : {}) },
        });
        notify.success(res.message);
      } else {
        const res = await create.mutateAsync(body);
        notify.success(res.message);
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setErrors(error.fieldErrors);
      else notify.error(errorMessage(error, 'Failed to save the alert'));
    }
  };

  const busy = create.isPending || update.isPending;
  const unit = form.watch === 'price' ? '₹' : form.watch === 'dayChangePct' ? '%' : 'shares';

  return { symbol, setSymbol, quote, setValues, errors, form, set, submit, busy, unit };
}

export type AlertFormState = ReturnType<typeof useAlertForm>;
