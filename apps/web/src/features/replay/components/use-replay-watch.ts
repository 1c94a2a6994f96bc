import { useState } from 'react';
import type { Replay } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import {
  useCancelReplayGtt,
  useDeleteReplayAlert,
  useReplayAlerts,
  useReplayGtts,
  useSetReplayAlert,
  useSetReplayGtt,
} from '../api/replay-watch-api';
import {
  describeReplayAlert,
  describeReplayGtt,
  EMPTY_WATCH_DRAFT,
  toAlertRequest,
  toGttRequest,
  watchBlockedReason,
  type WatchDraft,
} from '../lib/replay-watch';

export interface WatchOutcome {
  ok: boolean;
  text: string;
}

/**
 * The replay's alerts and GTTs: the lists (read again at each clock move, as the server judges
 * them), the set form's draft and what the server answered, and delete/cancel.
 */
export function useReplayWatch(replay: Replay, symbol: string) {
  const portfolioId = replay.portfolioId ?? '';
  const alerts = useReplayAlerts(replay);
  const gtts = useReplayGtts(replay);
  const setAlert = useSetReplayAlert(replay.id);
  const setGtt = useSetReplayGtt(replay.id);
  const deleteAlert = useDeleteReplayAlert(replay.id, portfolioId);
  const cancelGtt = useCancelReplayGtt(replay.id, portfolioId);
  const [draft, setDraft] = useState<WatchDraft>(EMPTY_WATCH_DRAFT);
  const [outcome, setOutcome] = useState<WatchOutcome | null>(null);
  const [listError, setListError] = useState<string | undefined>();
  const blocked = watchBlockedReason(replay);

  const set = (patch: Partial<WatchDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setOutcome(null);
  };

  const submit = async () => {
    if (blocked) return;
    if (!symbol) {
      setOutcome({ ok: false, text: 'Pick a stock first: click a row of the market panel or search.' });
      return;
    }
    try {
      if (draft.kind === 'alert') {
        const made = toAlertRequest(symbol, draft);
        if ('error' in made) return setOutcome({ ok: false, text: made.error });
        const res = await setAlert.mutateAsync({ ...made.request, portfolioId });
        setOutcome({ ok: true, text: `Alert set: ${describeReplayAlert(res.data)}` });
      } else {
        const made = toGttRequest(symbol, draft);
        if ('error' in made) return setOutcome({ ok: false, text: made.error });
        const res = await setGtt.mutateAsync({ ...made.request, portfolioId });
        setOutcome({ ok: true, text: `GTT set: ${describeReplayGtt(res.data)}` });
      }
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'It was not set') });
    }
  };

  const removeAlert = (id: string) => {
    setListError(undefined);
    deleteAlert.mutate(id, {
      onError: (err) => setListError(errorMessage(err, 'The alert was not deleted')),
    });
  };
  const cancel = (id: string) => {
    setListError(undefined);
    cancelGtt.mutate(id, { onError: (err) => setListError(errorMessage(err, 'The GTT was not cancelled')) });
  };

  return {
    alerts,
    gtts,
    draft,
    set,
    submit,
    outcome,
    pending: setAlert.isPending || setGtt.isPending,
    blocked,
    removeAlert,
    removingAlert: deleteAlert.isPending ? deleteAlert.variables : undefined,
    cancel,
    cancellingGtt: cancelGtt.isPending ? cancelGtt.variables : undefined,
    listError,
  };
}
