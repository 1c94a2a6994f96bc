import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { portfolioListResponseSchema, type Portfolio } from '@nivesh/shared';
import { apiRequest } from './api-client';
import { useAuth } from './auth';
import { storage } from './storage';

/**
 * The portfolio every money screen is about (issue 25). Main is the server's default, so money
 * calls omit `portfolioId` for it: a first paint never waits for the portfolio list, and a stored
 * id the server no longer knows falls back to main as soon as the list says so.
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
}

const MAIN_ONLY: ActivePortfolio = {
  portfolio: null,
  portfolios: [],
  select: () => undefined,
  portfolioId: undefined,
  scope: MAIN_SCOPE,
  label: 'Main portfolio',
  scopeOf: () => MAIN_SCOPE,
};

const ActivePortfolioContext = createContext<ActivePortfolio>(MAIN_ONLY);

export function portfolioLabel(portfolio: Pick<Portfolio, 'name' | 'kind'> | null): string {
  if (!portfolio || portfolio.kind === 'main') return 'Main portfolio';
  return `${portfolio.name} · ${portfolio.kind}`;
}

function mainFirst(list: Portfolio[]): Portfolio[] {
  return [...list.filter((p) => p.kind === 'main'), ...list.filter((p) => p.kind !== 'main')];
}

export function ActivePortfolioProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const storageKey = user ? (`activePortfolio:${user.id}` as const) : null;
  const list = useQuery({
    queryKey: portfolioKeys.list(),
    queryFn: () => apiRequest('/portfolios', { schema: portfolioListResponseSchema }).then((r) => r.data),
    enabled: status === 'authenticated',
  });
  // Remembered per user; main is never stored (it is the default).
  const [chosen, setChosen] = useState<{ key: string | null; id: string | null }>(() => ({
    key: storageKey,
    id: storageKey ? storage.get(storageKey) : null,
  }));
  const storedId = chosen.key === storageKey ? chosen.id : storageKey ? storage.get(storageKey) : null;

  const select = useCallback(
    (id: string) => {
      if (!storageKey) return;
      const isMain = list.data?.some((p) => p.id === id && p.kind === 'main') ?? false;
      if (isMain) storage.remove(storageKey);
      else storage.set(storageKey, id);
      setChosen({ key: storageKey, id: isMain ? null : id });
    },
    [list.data, storageKey],
  );

  const value = useMemo<ActivePortfolio>(() => {
    const portfolios = mainFirst(list.data ?? []);
    const main = portfolios.find((p) => p.kind === 'main') ?? null;
    const stored = storedId ? portfolios.find((p) => p.id === storedId) : undefined;
    // Until the list arrives a stored id is trusted; once it has, an unknown id means main.
    const activeId = list.data
      ? stored && stored.kind !== 'main'
        ? stored.id
        : undefined
      : (storedId ?? undefined);
    const portfolio = activeId ? (stored ?? null) : main;
    return {
      portfolio,
      portfolios,
      select,
      portfolioId: activeId,
      scope: activeId ?? MAIN_SCOPE,
      label: activeId && !stored ? 'Portfolio' : portfolioLabel(portfolio),
      scopeOf: (id) => (!id || id === main?.id ? MAIN_SCOPE : id),
    };
  }, [list.data, storedId, select]);

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
