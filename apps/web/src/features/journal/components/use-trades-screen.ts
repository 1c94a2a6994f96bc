import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  JOURNAL_MESSAGES,
  MAX_JOURNAL_ENTRIES_PER_USER,
  type JournalEntry,
  type JournalFill,
} from '@nivesh/shared';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import {
  useDeleteJournalEntry,
  useJournalEntries,
  useJournalLink,
  useJournalTags,
  type JournalView,
} from '../api/journal-api';

type Editor = {
  entry: JournalEntry | null;
  fill: JournalFill | null;
  link: { fillId: string } | { orderId: string } | null;
};

/** `?season=N` (from /history's season view): that closed season's entries, read-only. */
function seasonParam(value: string | null): number | null {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** State of /trades: the view, the season, the linked fill from the URL, the editor and deleting. */
export function useTradesScreen() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<JournalView>({ tag: null, type: 'all', page: 1 });
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<JournalEntry | null>(null);
  const season = seasonParam(params.get('season'));
  const readOnly = season !== null;
  const entries = useJournalEntries(view, season);
  const tags = useJournalTags(season);
  const del = useDeleteJournalEntry();

  const fillParam = params.get('fill');
  const orderParam = params.get('order');
  // A link adds to the open season, so a season view opens no form.
  const linkRequest = readOnly
    ? null
    : fillParam
      ? ({ kind: 'fill', id: fillParam } as const)
      : orderParam
        ? ({ kind: 'order', id: orderParam } as const)
        : null;
  const link = useJournalLink(linkRequest);
  const clearLinkParams = () =>
    setParams(
      (p) => {
        p.delete('fill');
        p.delete('order');
        return p;
      },
      { replace: true },
    );

  // "Add to journal" opens the form once the fill is known; a wrong or foreign id says so and stops.
  const linkFill = link.data;
  const linkOpen = linkRequest !== null && linkFill !== undefined && editor === null;
  const pendingEditor: Editor | null = linkOpen
    ? {
        entry: null,
        fill: linkFill,
        link: linkRequest.kind === 'fill' ? { fillId: linkRequest.id } : { orderId: linkRequest.id },
      }
    : null;
  const shownEditor = editor ?? pendingEditor;

  const closeEditor = () => {
    setEditor(null);
    if (linkRequest) clearLinkParams();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const res = await del.mutateAsync(deleting.id);
      notify.success(res.message);
      setDeleting(null);
    } catch (err) {
      notify.error(errorMessage(err, JOURNAL_MESSAGES.deleteFailed));
    }
  };

  const data = entries.data;
  const filtered = view.tag !== null || view.type !== 'all';
  // Only an unfiltered list's total is the account's count; the server refuses one past the cap.
  const full = !filtered && (data?.pagination.total ?? 0) >= MAX_JOURNAL_ENTRIES_PER_USER;

  return {
    user,
    view,
    setView,
    setEditor,
    deleting,
    setDeleting,
    season,
    readOnly,
    entries,
    tags,
    del,
    linkRequest,
    link,
    clearLinkParams,
    shownEditor,
    closeEditor,
    confirmDelete,
    data,
    filtered,
    full,
  };
}

export type TradesScreenState = ReturnType<typeof useTradesScreen>;
