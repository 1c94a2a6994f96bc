import { ORDER_NOTE_MAX } from '@nivesh/shared';
import type { ClassTicket } from '../lib/use-class-ticket';
import { ClassRulesNotice } from './class-rules-notice';
import { TextAreaField } from './ui/field';

/** A class portfolio's rules and the trade note, on any order form (nothing on other portfolios). */
export function ClassTicketFields({ ticket }: { ticket: ClassTicket }) {
  const { cls } = ticket;
  if (!cls) return null;
  return (
    <div className="space-y-3">
      <ClassRulesNotice cls={cls} />
      <TextAreaField
        label={cls.rules.requireTradeNote ? 'Trade note (required)' : 'Trade note'}
        hint="Why this trade? It is kept in your journal, linked to the fill."
        rows={2}
        maxLength={ORDER_NOTE_MAX}
        value={ticket.note}
        onChange={(e) => ticket.setNote(e.target.value)}
      />
    </div>
  );
}
