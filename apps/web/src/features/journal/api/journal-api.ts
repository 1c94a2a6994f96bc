import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  journalEntryMessageResponseSchema,
  journalLinkResponseSchema,
  journalListResponseSchema,
  journalTagSummaryResponseSchema,
  messageResponseSchema,
  type CreateJournalEntryRequest,
  type UpdateJournalEntryRequest,
} from '@nivesh/shared';
import { apiRequest } from '../../../lib/api-client';
import { keepPreviousInScope, useActivePortfolio, withPortfolio } from '../../../lib/active-portfolio';

export interface JournalView {
  tag: string | null;
  type: 'all' | 'BUY' | 'SELL';
  page: number;
}

export const JOURNAL_PAGE_SIZE = 24;

export const journalKeys = {
  all: ['journal'] as const,
  // Keys end with the portfolio's scope (lib/active-portfolio): entries belong to one portfolio.
  // `season` is a closed season's number (read-only), or null for the open season.
  list: (view: JournalView, season: number | null, scope: string) =>
    ['journal', 'list', view, season, scope] as const,
  tags: (season: number | null, scope: string) => ['journal', 'tags', season, scope] as const,
  link: (kind: 'fill' | 'order', id: string, scope: string) => ['journal', 'link', kind, id, scope] as const,
};

/** A season's entries: `season` null reads the open season, a number a closed one (read-only). */
export function useJournalEntries(view: JournalView, season: number | null = null) {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: journalKeys.list(view, season, scope),
    queryFn: () => {
      const params = new URLSearchParams({
        type: view.type,
        page: String(view.page),
        limit: String(JOURNAL_PAGE_SIZE),
      });
      if (view.tag) params.set('tag', view.tag);
      if (portfolioId) params.set('portfolioId', portfolioId);
      if (season !== null) params.set('season', String(season));
      return apiRequest(`/trades?${params.toString()}`, { schema: journalListResponseSchema });
    },
    placeholderData: keepPreviousInScope(scope),
  });
}

export function useJournalTags(season: number | null = null) {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: journalKeys.tags(season, scope),
    queryFn: () =>
      apiRequest(withPortfolio(`/trades/tags${season === null ? '' : `?season=${season}`}`, portfolioId), {
        schema: journalTagSummaryResponseSchema,
      }).then((r) => r.tags),
  });
}

/** The fill an "Add to journal" link points at (a /history fill or a filled /orders order). */
export function useJournalLink(link: { kind: 'fill' | 'order'; id: string } | null) {
  const { portfolioId, scope } = useActivePortfolio();
  return useQuery({
    queryKey: link ? journalKeys.link(link.kind, link.id, scope) : ['journal', 'link', 'none'],
    enabled: link !== null,
    retry: false,
    queryFn: () =>
      apiRequest(
        withPortfolio(
          `/trades/link?${link!.kind === 'fill' ? 'fillId' : 'orderId'}=${encodeURIComponent(link!.id)}`,
          portfolioId,
        ),
        {
          schema: journalLinkResponseSchema,
        },
      ).then((r) => r.fill),
  });
}

export function useSaveJournalEntry() {
  const client = useQueryClient();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string | null;
      body: CreateJournalEntryRequest | UpdateJournalEntryRequest;
    }) =>
      apiRequest(id ? `/trades/${encodeURIComponent(id)}` : '/trades', {
        method: id ? 'PATCH' : 'POST',
        body: { ...body, portfolioId },
        schema: journalEntryMessageResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

export function useDeleteJournalEntry() {
  const client = useQueryClient();
  const { portfolioId } = useActivePortfolio();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/trades/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        // A write names its portfolio in the body; main is the default and needs none.
        body: portfolioId ? { portfolioId } : undefined,
        schema: messageResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
