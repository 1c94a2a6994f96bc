import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** `flush` drops the inner padding for cards whose header and table draw their own edges. */
export function Card({
  className,
  flush = false,
  ...rest
}: HTMLAttributes<HTMLElement> & { flush?: boolean }) {
  return (
    <section
      className={cn(
        'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800',
        !flush && 'p-5',
        className,
      )}
      {...rest}
    />
  );
}

export function CardTitle({
  children,
  icon,
  action,
}: {
  children: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50">
        {icon}
        {children}
      </h2>
      {action}
    </div>
  );
}
