import { useState } from 'react';
import { isTradable, VIEW_ONLY_MESSAGE, type Gtt } from '@nivesh/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useHoldings } from '../../account/api/account-api';
import { useLiveQuote } from '../../market/api/use-live-quote';
import { useCreateGtt, useUpdateGtt } from '../api/gtt-api';
import {
  emptyGttForm,
  gttFormErrors,
  gttFormOf,
  gttRequestOf,
  withTrigger,
  type GttFormValues,
} from '../lib/gtt-form';

/**
 * The Set GTT / Modify GTT dialog's state: the values as typed, the live last price each leg's
 * direction is read from, and the reason the server would refuse before it is asked.
 */
export function useGttForm({
  symbol,
  gtt,
  onDone,
}: {
  symbol: string;
  gtt?: Gtt | undefined;
  onDone: () => void;
}) {
  const quote = useLiveQuote(symbol);
  const holdings = useHoldings();
  const [form, setForm] = useState<GttFormValues>(() => (gtt ? gttFormOf(gtt) : emptyGttForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateGtt();
  const update = useUpdateGtt();
  const lastPrice = quote?.price;

  const set = (patch: Partial<GttFormValues>) => setForm((f) => ({ ...f, ...patch }));
  const setLeg = (i: 0 | 1, patch: { trigger?: string; limit?: string }) =>
    setForm((f) => {
      const legs: GttFormValues['legs'] = [...f.legs];
      legs[i] = patch.trigger !== undefined ? withTrigger(legs[i], patch.trigger) : { ...legs[i], ...patch };
      return { ...f, legs };
    });

  const held = (holdings.data ?? []).filter((h) => h.symbol === symbol).reduce((n, h) => n + h.quantity, 0);
  const side = form.kind === 'oco' ? 'SELL' : form.side;
  const quantity = Number(form.quantity);
  // What the server would refuse whatever the prices: reasons shown beside the disabled button.
  const blocked =
    quote && !isTradable(quote)
      ? VIEW_ONLY_MESSAGE
      : side === 'SELL' && holdings.data && held < (Number.isInteger(quantity) && quantity > 0 ? quantity : 1)
        ? held === 0
          ? `You hold no ${symbol} shares: a sell GTT (and OCO) exits shares you hold`
          : `You hold ${held} ${symbol} shares: a sell GTT can be for at most that many`
        : null;

  const submit = async () => {
    const request = gttRequestOf(symbol, form);
    const found = gttFormErrors(request, lastPrice);
    setErrors(found);
    if (Object.keys(found).length > 0 || blocked) return;
    try {
      const res = gtt
        ? await update.mutateAsync({ id: gtt.id, body: { quantity: request.quantity, legs: request.legs } })
        : await create.mutateAsync(request);
      notify.success(res.message);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
        setErrors(error.fieldErrors);
      else setErrors({ body: errorMessage(error, 'The GTT could not be saved') });
    }
  };

  return {
    form,
    set,
    setLeg,
    errors,
    lastPrice,
    currency: quote?.currency,
    held,
    side,
    blocked,
    busy: create.isPending || update.isPending,
    submit,
  };
}
