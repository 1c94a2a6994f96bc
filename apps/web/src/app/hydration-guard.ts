// The prerendered sign-in pages (scripts/prerender.mjs) paint before React has hydrated them. This
// small entry runs right after the HTML is parsed, before the SPA's entry, and covers that gap:
// - a submit before hydration would be the browser's own (GET with the fields, the password in the
//   URL): it is held, and made again once React owns the form;
// - what a visitor typed or ticked before hydration is in the DOM but not in React's state (React
//   keeps the DOM value when hydrating): it is handed to React as an ordinary change.
// Nothing from src/lib: this must stay a few hundred bytes.

/** React marks the DOM nodes it owns with a props key once it has hydrated them. */
const hydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactProps$'));

const inputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
const textareaValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;

/** Replays the fields' current values as changes React sees (its value tracker first reset). */
function adoptFields(form: HTMLFormElement): void {
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      const checked = field.checked;
      field.checked = !checked;
      field.click();
      if (field.checked !== checked) field.checked = checked;
      continue;
    }
    if (field.value === field.defaultValue) continue;
    const value = field.value;
    const setter = field instanceof HTMLTextAreaElement ? textareaValue : inputValue;
    field.value = '';
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Waits (up to 15 s) for React to hydrate `form`, then adopts its fields and runs `then`. */
function whenHydrated(form: HTMLFormElement, then: () => void): void {
  const started = Date.now();
  const check = () => {
    if (!form.isConnected) return;
    if (hydrated(form)) {
      adoptFields(form);
      then();
    } else if (Date.now() - started < 15_000) setTimeout(check, 50);
  };
  check();
}

const root = document.getElementById('root');
if (root?.hasAttribute('data-prerendered')) {
  const waiting = new Set<HTMLFormElement>();
  for (const form of root.querySelectorAll('form')) {
    waiting.add(form);
    whenHydrated(form, () => waiting.delete(form));
  }
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !waiting.has(form) || hydrated(form)) return;
      event.preventDefault();
      whenHydrated(form, () => form.requestSubmit());
    },
    true,
  );
}
