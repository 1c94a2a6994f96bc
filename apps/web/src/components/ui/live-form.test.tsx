import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveForm } from './live-form';

const form = (
  <LiveForm aria-label="Sign in">
    <label>
      Email
      <input name="email" />
    </label>
    <button type="submit">Sign In</button>
  </LiveForm>
);

describe('LiveForm', () => {
  it('is disabled in the prerendered HTML and live once React has hydrated it', async () => {
    const html = renderToString(form);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(container.querySelector('input')!.matches(':disabled')).toBe(true);
    expect(container.querySelector('button')!.matches(':disabled')).toBe(true);

    const root = hydrateRoot(container, form);
    await waitFor(() => expect(container.querySelector('input')!.matches(':disabled')).toBe(false));
    expect(container.querySelector('button')!.matches(':disabled')).toBe(false);
    root.unmount();
    container.remove();
  });

  it('is live from the start when rendered afresh', () => {
    render(form);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
