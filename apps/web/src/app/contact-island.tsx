import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ContactForm, type ContactValues } from '../features/landing/components/contact-form';
import { AppProviders } from './providers';

function fieldValue(form: HTMLFormElement | null, name: keyof ContactValues): string {
  const field = form?.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
}

/**
 * Replaces the prerendered landing page's static contact form with the live one, keeping what the
 * visitor typed, the focused field and a submit they made before React arrived. main.tsx loads it
 * when public-entry.ts adds the SPA's entry to the page for the form.
 */
export function mountContactIsland(host: HTMLElement): void {
  const staticForm = host.querySelector('form');
  const initial: ContactValues = {
    name: fieldValue(staticForm, 'name'),
    email: fieldValue(staticForm, 'email'),
    message: fieldValue(staticForm, 'message'),
  };
  const active = document.activeElement;
  const focused = active && host.contains(active) ? active.getAttribute('name') : null;

  host.replaceChildren();
  // Synchronous, so no frame is painted between the static form leaving and the live one arriving.
  flushSync(() =>
    createRoot(host).render(
      <AppProviders>
        <ContactForm initialValues={initial} />
      </AppProviders>,
    ),
  );
  if (focused) host.querySelector<HTMLElement>(`[name="${focused}"]`)?.focus();
  if (host.dataset.submitRequested !== undefined) host.querySelector('form')?.requestSubmit();
}
