import { useEffect, useRef } from 'react';

/**
 * Scrolls the chain's own box so the ATM row sits in its middle, once per chain shown (a new
 * index or expiry), not on every repricing: the user's own scrolling is left alone.
 */
export function useCentredAtm(chainKey: string, ready: boolean) {
  const boxRef = useRef<HTMLDivElement>(null);
  const atmRef = useRef<HTMLTableRowElement>(null);
  const centredFor = useRef<string | null>(null);
  useEffect(() => {
    const box = boxRef.current;
    const row = atmRef.current;
    if (!ready || !box || !row || centredFor.current === chainKey) return;
    centredFor.current = chainKey;
    box.scrollTop = Math.max(0, row.offsetTop - box.clientHeight / 2 + row.offsetHeight / 2);
  }, [chainKey, ready]);
  return { boxRef, atmRef };
}
