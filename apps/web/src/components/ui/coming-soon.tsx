import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';

/** Honest placeholder for screens the product has not built yet: no sample numbers. */
export function ComingSoon({ title, description, headingLevel = 2 }: { title: string; description?: ReactNode; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card className="flex flex-col items-center justify-center gap-3 py-12 text-center" data-testid="coming-soon">
      <Hourglass aria-hidden="true" className="size-10 text-indigo-600 dark:text-indigo-400" />
      <Heading className="text-xl font-semibold text-slate-900 dark:text-slate-50">{title}</Heading>
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">
        {description ?? 'Coming soon. This part of Nivesh is being built and will appear here.'}
      </p>
    </Card>
  );
}
