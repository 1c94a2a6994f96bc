import { cn } from '../../lib/cn';

export function Spinner({ size = 'md', className }: { size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const dims = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' }[size];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-current border-t-transparent',
        dims,
        className,
      )}
    />
  );
}

/** Full-area status used by the start screen and the guard. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-slate-700 dark:text-slate-200"
    >
      <Spinner size="lg" className="text-indigo-600 dark:text-indigo-400" />
      <p className="text-base font-medium">{label}</p>
    </div>
  );
}
