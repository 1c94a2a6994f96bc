import { useState } from 'react';
import {
  CLASS_UNIVERSES,
  ORDER_TYPES,
  createClassRequestSchema,
  dayNumberToDate,
  istDayNumber,
  type ClassUniverseName,
  type CreateClassRequest,
  type OrderType,
} from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateClass } from '../api/classes-api';

export interface ClassDraft {
  name: string;
  startingCash: string;
  startDate: string;
  endDate: string;
  maxPositionPercent: string;
  allowMIS: boolean;
  orderTypes: Record<OrderType, boolean>;
  universe: '' | ClassUniverseName;
  minPrice: string;
  maxTradesPerDay: string;
  requireTradeNote: boolean;
  showHoldingsToClassmates: boolean;
  weeklyDeposit: string;
}

const today = () => dayNumberToDate(istDayNumber(Date.now()));

export const emptyClassDraft = (): ClassDraft => ({
  name: '',
  startingCash: '100000',
  startDate: today(),
  endDate: dayNumberToDate(istDayNumber(Date.now()) + 27),
  maxPositionPercent: '',
  allowMIS: true,
  orderTypes: { MARKET: true, LIMIT: true, STOP: true },
  universe: '',
  minPrice: '',
  maxTradesPerDay: '',
  requireTradeNote: false,
  showHoldingsToClassmates: false,
  weeklyDeposit: '',
});

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The request a draft makes: rules left blank (or all order types ticked) are not sent. */
export function toCreateClassRequest(d: ClassDraft): unknown {
  const types = ORDER_TYPES.filter((t) => d.orderTypes[t]);
  const rules = {
    maxPositionPercent: num(d.maxPositionPercent),
    allowMIS: d.allowMIS ? undefined : false,
    allowedOrderTypes: types.length === ORDER_TYPES.length ? undefined : types,
    universe: d.universe === '' ? undefined : d.universe,
    minPrice: num(d.minPrice),
    maxTradesPerDay: num(d.maxTradesPerDay),
    requireTradeNote: d.requireTradeNote || undefined,
    showHoldingsToClassmates: d.showHoldingsToClassmates || undefined,
    weeklyDeposit: num(d.weeklyDeposit),
  };
  return {
    name: d.name,
    startingCash: num(d.startingCash),
    startDate: d.startDate,
    endDate: d.endDate,
    rules: Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined)),
  };
}

/** Form state of "New class": the shared schema's messages per field, then POST /api/classes. */
export function useCreateClassForm(onCreated: (id: string) => void) {
  const [draft, setDraft] = useState<ClassDraft>(emptyClassDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateClass();
  const set = (patch: Partial<ClassDraft>) => {
    setErrors({});
    setDraft((d) => ({ ...d, ...patch }));
  };
  const submit = async () => {
    const parsed = createClassRequestSchema.safeParse(toCreateClassRequest(draft));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[issue.path.length - 1] ?? 'form');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      const res = await create.mutateAsync(parsed.data as CreateClassRequest);
      notify.success(res.message ?? `Class "${res.data.name}" created`);
      setDraft(emptyClassDraft());
      onCreated(res.data.id);
    } catch (error) {
      setErrors({ form: errorMessage(error, 'Could not create the class') });
    }
  };
  return { draft, set, errors, submit, busy: create.isPending, universes: CLASS_UNIVERSES };
}
