import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { Portfolio } from '@nivesh/shared';
import { useAuth } from './auth';
import { storage } from './storage';

/**
 * The portfolio every money screen is about (issue 25). Main is the server's default, so money
 * calls omit `portfolioId` for it: a first paint never waits for the portfolio list, and a stored
 * id the server no longer knows falls back to main as soon as the list says so. The list is
 * fetched by a loader the signed-in frame lazy-loads (`setList`), which keeps the list's schema
 * out of every page's first paint.
 */
export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: () => ['portfolios', 'list'] as const,
};

/** The last element of every money query key: 'main' or a custom portfolio's id. */
export const MAIN_SCOPE = 'main';

export interface ActivePortfolio {
  /** The active portfolio; null until the list arrives (the figures are main's then). */
  portfolio: Portfolio | null;
  /** Main first, then the rest in the server's order. */
  portfolios: Portfolio[];
  select: (id: string) => void;
  /** What money calls send: undefined means main. */
  portfolioId: string | undefined;
  /** The query-key scope of the active portfolio. */
  scope: string;
  /** "Main portfolio" or "Swing ideas · custom": what a money screen says it is about. */
  label: string;
  /** The scope an event about `portfolioId` belongs to ('main' when it is main's or unknown). */
  scopeOf: (portfolioId: string | undefined) => string;
  /** For the list loader: the server's list, or [] when it could not be read (then: main). */
  setList: (list: Portfolio[]) => void;
}

const MAIN_ONLY: ActivePortfolio = {
  portfolio: null,
  portfolios: [],
  select: () => undefined,
  portfolioId: undefined,
  scope: MAIN_SCOPE,
  label: 'Main portfolio',
  scopeOf: () => MAIN_SCOPE,
  setList: () => undefined,
};

const ActivePortfolioContext = createContext<ActivePortfolio>(MAIN_ONLY);

export function ActivePortfolioProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const storageKey = user ? (`activePortfolio:${user.id}` as const) : null;
  const [list, setList] = useState<Portfolio[] | null>(null);
  // Remembered per user; main is never stored (it is the default). The frame that holds this
  // provider is left on sign-out, so the user (and the key) is fixed for its lifetime.
  const [storedId, setStoredId] = useState(() => (storageKey ? storage.get(storageKey) : null));

  const value = useMemo<ActivePortfolio>(() => {
    // Main first, whatever order the server lists them in. A replay's portfolio is left out: it
    // trades at the replay's clock and prices, so it lives in the Replay Lab, not in the switcher.
    // So is an agent's: only its token trades it (the server refuses manual orders), on /agent.
    const portfolios = (list ?? [])
      .filter((p) => p.kind !== 'replay' && p.kind !== 'agent')
      .sort((a, b) => +(b.kind === 'main') - +(a.kind === 'main'));
    const main = portfolios.find((p) => p.kind === 'main') ?? null;
    const stored = portfolios.find((p) => p.id === storedId && p.kind !== 'main');
    // Until the list arrives a stored id is trusted; once it has, an unknown id means main.
    const activeId = list ? stored?.id : (storedId ?? undefined);
    const portfolio = activeId ? (stored ?? null) : main;
    return {
      portfolio,
      portfolios,
      select: (id) => {
        if (!storageKey) return;
        const isMain = id === main?.id;
        if (isMain) storage.remove(storageKey);
        else storage.set(storageKey, id);
        setStoredId(isMain ? null : id);
      },
      portfolioId: activeId,
      scope: activeId ?? MAIN_SCOPE,
      // A remembered portfolio whose name has not arrived yet is not called Main meanwhile.
      label: !activeId ? 'Main portfolio' : stored ? `${stored.name} · ${stored.kind}` : 'Portfolio',
      scopeOf: (id) => (!id || id === main?.id ? MAIN_SCOPE : id),
      setList,
    };
  }, [list, storedId, storageKey]);

  return <ActivePortfolioContext.Provider value={value}>{children}</ActivePortfolioContext.Provider>;
}

export function useActivePortfolio(): ActivePortfolio {
  return useContext(ActivePortfolioContext);
}

/** Adds the active portfolio to a read's path (`?portfolioId=` or `&portfolioId=`); main adds nothing. */
export function withPortfolio(path: string, portfolioId: string | undefined): string {
  if (!portfolioId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}portfolioId=${encodeURIComponent(portfolioId)}`;
}

/** The scope a money query key ends with. */
export function scopeOfKey(key: QueryKey): unknown {
  return key[key.length - 1];
}

/**
 * `placeholderData` for paged or filtered money lists: keep the previous page while the next
 * loads, but never another portfolio's rows under this one's name.
 */
export function keepPreviousInScope(scope: string) {
  return <T,>(previous: T | undefined, query: { queryKey: QueryKey } | undefined): T | undefined =>
    query && scopeOfKey(query.queryKey) === scope ? previous : undefined;
}
