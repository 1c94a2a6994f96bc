import type { FormEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readForm } from '../../lib/form';
import { FORM_LIVE, LiveForm, SUBMIT_REQUESTED } from './live-form';

function SignIn({ onSend }: { onSend: (email: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend(readForm(event.currentTarget, { email: 'text' }).email);
  };
  return (
    <LiveForm aria-label="Sign in" onSubmit={submit}>
      <label>
        Email
        <input name="email" />
      </label>
      <button type="submit">Sign In</button>
    </LiveForm>
  );
}

/** The page as prerendered, in the document, before any script has run. */
function prerendered(onSend: (email: string) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignIn onSend={onSend} />);
  document.body.append(container);
  return container;
}

describe('LiveForm', () => {
  it('sends what was typed and submitted before React hydrated the page, once', async () => {
    const onSend = vi.fn();
    const container = prerendered(onSend);
    const form = container.querySelector('form')!;
    container.querySelector('input')!.value = 'meera@example.com';
    // What the public entry does with a submit it held (app/public-entry.ts).
    form.setAttribute(SUBMIT_REQUESTED, '');

    const root = hydrateRoot(container, <SignIn onSend={onSend} />);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('meera@example.com'));
    expect(form.hasAttribute(FORM_LIVE)).toBe(true);
    expect(form.hasAttribute(SUBMIT_REQUESTED)).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(onSend).toHaveBeenCalledTimes(1);
    root.unmount();
    container.remove();
  });

  it('keeps what was typed before hydration when nothing was submitted', async () => {
    const onSend = vi.fn();
    const container = prerendered(onSend);
    container.querySelector('input')!.value = 'meera@';
    const root = hydrateRoot(container, <SignIn onSend={onSend} />);
    await waitFor(() => expect(container.querySelector('form')!.hasAttribute(FORM_LIVE)).toBe(true));
    expect(onSend).not.toHaveBeenCalled();
    expect(container.querySelector('input')!.value).toBe('meera@');
    root.unmount();
    container.remove();
  });

  it('submits once when rendered afresh', () => {
    const onSend = vi.fn();
    render(<SignIn onSend={onSend} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'kavya@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('kavya@example.com');
  });
});
