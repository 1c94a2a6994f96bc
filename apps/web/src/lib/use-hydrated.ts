import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the prerendered HTML (scripts/prerender.mjs) and on the hydration pass over it, true
 * once React owns the page: a pass rendered afresh (createRoot) is true from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
