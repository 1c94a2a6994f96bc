import { useState } from 'react';
import { joinClassRequestSchema } from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useJoinClass } from '../api/classes-api';

/** "Join a class": the invite code, checked by the shared schema, then POST /api/classes/join. */
export function useJoinClassForm(onJoined: (id: string) => void) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const join = useJoinClass();
  const submit = async () => {
    const parsed = joinClassRequestSchema.safeParse({ inviteCode: code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const res = await join.mutateAsync(parsed.data.inviteCode);
      notify.success(res.message ?? `You joined "${res.data.name}"`);
      setCode('');
      onJoined(res.data.id);
    } catch (e) {
      setError(errorMessage(e, 'Could not join the class'));
    }
  };
  return {
    code,
    setCode: (v: string) => {
      setError(undefined);
      setCode(v);
    },
    error,
    submit,
    busy: join.isPending,
  };
}
