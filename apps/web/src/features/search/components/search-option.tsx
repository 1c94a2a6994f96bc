import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { SearchDialogState } from './use-search-dialog';

/** One option of the search listbox: hovering makes it active, a click opens it without blurring the field. */
export function SearchOption({
  s,
  index,
  onPick,
  className,
  children,
}: {
  s: SearchDialogState;
  index: number;
  onPick: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <li
      id={s.optionId(index)}
      role="option"
      aria-selected={index === s.active}
      onMouseEnter={() => s.setActive(index)}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
      className={cn(className, index === s.active && 'bg-indigo-50 dark:bg-slate-700')}
    >
      {children}
    </li>
  );
}
