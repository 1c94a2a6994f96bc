import { useEffect, useRef, type FormHTMLAttributes, type SubmitEvent } from 'react';

/**
 * Set on a prerendered form by the public pages' entry (app/public-entry.ts) when the visitor
 * submitted it before React arrived: the submit was held, and is made again here.
 */
export const SUBMIT_REQUESTED = 'data-submit-requested';
/** Set once React owns the form, so the public entry stops holding its submits. */
export const FORM_LIVE = 'data-live';

/**
 * A form that may have been prerendered and typed into before React hydrated it. Its fields are
 * uncontrolled (read from FormData on submit), so what the visitor typed at any moment is what
 * is sent, and a submit the public entry held is made once React is in charge.
 */
export function LiveForm({ onSubmit, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const node = form.current;
    if (!node) return;
    node.setAttribute(FORM_LIVE, '');
    // Later than this commit: a submit that forced React to hydrate is dispatched to onSubmit
    // after the effects of that hydration, and clears the request, so it is not made twice.
    const timer = setTimeout(() => {
      if (!node.hasAttribute(SUBMIT_REQUESTED)) return;
      node.removeAttribute(SUBMIT_REQUESTED);
      node.requestSubmit();
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.currentTarget.removeAttribute(SUBMIT_REQUESTED);
    onSubmit?.(event);
  };

  return <form ref={form} {...props} onSubmit={submit} />;
}
