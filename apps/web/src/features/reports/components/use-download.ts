import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

/**
 * One download button's state: which file is being fetched and the last failure. The file is
 * saved by the browser; nothing is announced as done that the browser did not receive.
 */
export function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (name: string, fetchFile: () => Promise<void>) => {
    setPending(name);
    setError(null);
    try {
      await fetchFile();
    } catch (e) {
      setError(errorMessage(e, 'Download failed'));
    } finally {
      setPending(null);
    }
  };
  return { pending, error, run };
}
