import { useState, type FormEvent } from 'react';
import { JOURNAL_MESSAGES, type JournalEntry, type JournalFill } from '@nivesh/shared';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSaveJournalEntry } from '../api/journal-api';
import { EMPTY_FORM, formFromEntry, formFromFill, toRequest, type JournalForm } from '../lib/journal-form';

export interface TradeFormProps {
  entry: JournalEntry | null;
  fill: JournalFill | null;
  link: { fillId: string } | { orderId: string } | null;
  onClose: () => void;
}

/** State of the trade form: the fields, their errors (cleared as each is edited), and saving. */
export function useTradeForm({ entry, fill, link, onClose }: TradeFormProps) {
  const editing = entry !== null;
  const linkedFill = entry?.fill ?? fill;
  const effectiveLink = entry?.fillId ? { fillId: entry.fillId } : link;
  const [form, setForm] = useState<JournalForm>(() =>
    entry ? formFromEntry(entry) : fill ? formFromFill(fill) : EMPTY_FORM,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveJournalEntry();
  const set = <K extends keyof JournalForm>(key: K, value: JournalForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const request = toRequest(form, effectiveLink, editing);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    try {
      const res = await save.mutateAsync({ id: entry?.id ?? null, body: request.body });
      notify.success(res.message);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) setErrors(err.fieldErrors);
      notify.error(
        err instanceof ApiError && err.status < 500
          ? err.message
          : errorMessage(err, JOURNAL_MESSAGES.saveFailed),
      );
    }
  };

  const locked = linkedFill !== null;

  return { editing, linkedFill, form, errors, save, set, submit, locked };
}

export type TradeFormState = ReturnType<typeof useTradeForm>;
