import type { InputHTMLAttributes } from 'react';
import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { inputClass } from './input';

/** A search box with its magnifier and a visually hidden label. */
export function SearchInput({
  id,
  label,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string; label: string }) {
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-2.5 size-4 text-slate-500 dark:text-slate-400"
      />
      <input id={id} type="search" autoComplete="off" className={cn(inputClass, 'pl-9')} {...rest} />
    </div>
  );
}
