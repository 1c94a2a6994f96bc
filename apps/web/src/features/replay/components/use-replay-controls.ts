import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useReplayCommand, type ReplayCommand } from '../api/replay-api';

/** One command at a time; the server's refusal (seek backwards, past the end) is shown as it said it. */
export function useReplayControls(id: string) {
  const command = useReplayCommand(id);
  const [error, setError] = useState<string | undefined>();
  const run = (c: ReplayCommand) => {
    setError(undefined);
    command.mutate(c, { onError: (err) => setError(errorMessage(err, 'The replay did not move')) });
  };
  return { run, pending: command.isPending, error };
}
