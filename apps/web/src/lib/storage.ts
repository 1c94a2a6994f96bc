/** The only localStorage keys the app uses; anything else in storage is not ours. */
export type StorageKey =
  | 'token'
  | 'user'
  | 'theme'
  | 'redirectAfterLogin'
  | 'sidebarCollapsed'
  | 'searchHistory'
  | 'newsSearchHistory'
  | 'saytrixSession'
  /** The portfolio a user last chose (issue 25), per user id. */
  | `activePortfolio:${string}`;

// Private browsing modes and disabled storage throw on access; the app must still run.
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: state lives for this page only */
    }
  },
  remove(...keys: StorageKey[]): void {
    for (const key of keys) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        /* nothing to remove */
      }
    }
  },
};

export function clearSession(): void {
  storage.remove('token', 'user', 'redirectAfterLogin');
}
