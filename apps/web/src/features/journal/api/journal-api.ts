import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export interface JournalView {
  tag: string | null;
  type: 'all' | 'BUY' | 'SELL';
  page: number;
}

export const JOURNAL_PAGE_SIZE = 24;

export const journalKeys = {
  all: ['journal'] as const,
  list: (view: JournalView) => ['journal', 'list', view] as const,
  tags: ['journal', 'tags'] as const,
  link: (kind: 'fill' | 'order', id: string) => ['journal', 'link', kind, id] as const,
};

export function useJournalEntries(view: JournalView) {
  return useQuery({
    queryKey: journalKeys.list(view),
    queryFn: () => {
      const params = new URLSearchParams({
        type: view.type,
        page: String(view.page),
        limit: String(JOURNAL_PAGE_SIZE),
      });
      if (view.tag) params.set('tag', view.tag);
      return apiRequest(`/trades?${params.toString()}`, { schema: journalListResponseSchema });
    },
    placeholderData: keepPreviousData,
  });
}

export function useJournalTags() {
  return useQuery({
    queryKey: journalKeys.tags,
    queryFn: () =>
      apiRequest('/trades/tags', { schema: journalTagSummaryResponseSchema }).then((r) => r.tags),
  });
}

/** The fill an "Add to journal" link points at (a /history fill or a filled /orders order). */
export function useJournalLink(link: { kind: 'fill' | 'order'; id: string } | null) {
  return useQuery({
    queryKey: link ? journalKeys.link(link.kind, link.id) : ['journal', 'link', 'none'],
    enabled: link !== null,
    retry: false,
    queryFn: () =>
      apiRequest(
        `/trades/link?${link!.kind === 'fill' ? 'fillId' : 'orderId'}=${encodeURIComponent(link!.id)}`,
        {
          schema: journalLinkResponseSchema,
        },
      ).then((r) => r.fill),
  });
}

export function useSaveJournalEntry() {
  const client = useQueryClient();
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
        body,
        schema: journalEntryMessageResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

export function useDeleteJournalEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/trades/${encodeURIComponent(id)}`, { method: 'DELETE', schema: messageResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
