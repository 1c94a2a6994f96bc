import { useState } from 'react';
import {
  classRuleBreach,
  dayNumberToDate,
  istDayNumber,
  type ClassInfo,
  type ClassRuleInput,
  type Refusal,
} from '@nivesh/shared';
import { useActiveClass } from './active-class';

/** What an order form knows of the order it would send; the class's dates and the note come from here. */
export type ClassTicketOrder = Omit<ClassRuleInput, 'note' | 'today' | 'startDate' | 'endDate'>;

export interface ClassTicket {
  /** The class whose portfolio is active; null on any other portfolio (nothing to show). */
  cls: ClassInfo | null;
  note: string;
  setNote: (note: string) => void;
  /** The first class rule this order breaks, as far as the form knows (the server checks the rest). */
  breach: (order: ClassTicketOrder | null) => Refusal | null;
  /** Spread into the request body: the trade note, when one was written. */
  noteBody: { note?: string };
}

/**
 * The class rules (issue 26) for any order form: every ticket that can place an order checks the
 * same pure rule the server applies, so a breach is disabled with the server's own words.
 */
export function useClassTicket(): ClassTicket {
  const cls = useActiveClass();
  const [note, setNote] = useState('');
  const trimmed = note.trim();
  const breach = (order: ClassTicketOrder | null) =>
    cls && order && Number.isInteger(order.quantity) && order.quantity > 0
      ? classRuleBreach(cls.rules, {
          ...order,
          note: trimmed,
          today: dayNumberToDate(istDayNumber(Date.now())),
          startDate: cls.startDate,
          endDate: cls.endDate,
        })
      : null;
  return { cls, note, setNote, breach, noteBody: cls && trimmed ? { note: trimmed } : {} };
}
