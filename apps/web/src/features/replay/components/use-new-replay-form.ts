import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createReplayRequestSchema, type CreateReplayRequest } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { useCreateReplay } from '../api/replay-api';

export const SPEED_OPTIONS = [1, 10, 60, 300, 600] as const;

export interface NewReplayFields {
  date: string;
  days: number;
  blind: boolean;
  speed: number;
}

/** The new-replay form's state: fields, the schema's first error, and a submit that opens the replay. */
export function useNewReplayForm(initial: Partial<NewReplayFields> = {}) {
  const navigate = useNavigate();
  const create = useCreateReplay();
  const [fields, setFields] = useState<NewReplayFields>({
    date: initial.date ?? '',
    days: initial.days ?? 1,
    blind: initial.blind ?? false,
    speed: initial.speed ?? 60,
  });
  const [error, setError] = useState<string | undefined>();

  const set = <K extends keyof NewReplayFields>(key: K, value: NewReplayFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setError(undefined);
  };

  const start = (override: Partial<NewReplayFields> = {}) => {
    const parsed = createReplayRequestSchema.safeParse({ ...fields, ...override });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    const body: CreateReplayRequest = parsed.data;
    create.mutate(body, {
      onSuccess: (replay) => void navigate(`/replay/${encodeURIComponent(replay.id)}`),
      // The server says why a day cannot be replayed (a holiday, outside the bundle).
      onError: (err) => setError(errorMessage(err, 'Could not start the replay')),
    });
  };

  return { fields, set, error, start, pending: create.isPending };
}
