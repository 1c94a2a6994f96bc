import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The first render of a file imports lazy route chunks cold, and debounced searches wait for their
// timers; on a busy 2-core CI box that has passed 4 s. A test waits for what a user would see, up
// to 10 s, well inside the 30 s test timeout.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// sonner removes a closed toast 200 ms later from a timer of its own; without this pause a toast
// that closed near the end of a file updates React after jsdom is gone ("window is not defined").
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));

// jsdom lacks matchMedia; components read it for prefers-reduced-motion and the mobile breakpoint.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => undefined;
