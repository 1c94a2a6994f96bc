import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/cn';

/**
 * A form whose fields stay disabled until React owns them. A prerendered page paints before its
 * script has run: what a visitor typed then would be in the DOM but not in React's state, and a
 * submit would be the browser's own (a GET with the password in the URL). Disabled fields take
 * neither, and the form is live as soon as hydration ends.
 */
export function LiveForm({ children, className, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const live = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!live} className={cn('min-w-0', className)}>
        {children}
      </fieldset>
    </form>
  );
}
