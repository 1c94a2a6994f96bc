import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A small coloured label; `tone` carries the light and dark colour classes. */
export function Badge({
  tone,
  children,
  className,
  testId,
}: {
  tone: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold tracking-wide whitespace-nowrap',
        tone,
        className,
      )}
    >
      {children}
    </span>
  );
}
