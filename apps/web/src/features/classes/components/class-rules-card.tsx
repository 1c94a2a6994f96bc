import { ScrollText } from 'lucide-react';
import { describeClassRules, type ClassDetail } from '@nivesh/shared';
import { Card, CardTitle } from '../../../components/ui/card';
import { CLASS_CARD_ICON } from './class-card-icon';

/** The class's own rules, beyond the market's. */
export function ClassRulesCard({ cls }: { cls: ClassDetail }) {
  // Not an order rule (the ticket does not show it), so listed here only.
  const lines = describeClassRules(cls.rules).concat(
    cls.rules.showHoldingsToClassmates ? ['Classmates can see each other’s holdings'] : [],
  );
  return (
    <Card>
      <CardTitle icon={<ScrollText aria-hidden="true" className={CLASS_CARD_ICON} />}>Class rules</CardTitle>
      {lines.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No extra rules: the market&apos;s own rules apply.
        </p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        Trading runs from {cls.startDate} to {cls.endDate}. Orders that break a rule are refused before
        anything is reserved.
      </p>
    </Card>
  );
}
