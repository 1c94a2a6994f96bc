import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface ScrollOverflow {
  /** The content is wider than the box: some of it is out of sight. */
  overflows: boolean;
  /** More content lies to the right / to the left of what is in view. */
  moreRight: boolean;
  moreLeft: boolean;
}

const NONE: ScrollOverflow = { overflows: false, moreRight: false, moreLeft: false };

/** Tracks whether a horizontally scrolling box hides content, and on which side, as it scrolls or resizes. */
export function useScrollOverflow(ref: RefObject<HTMLElement | null>): ScrollOverflow {
  const [state, setState] = useState<ScrollOverflow>(NONE);

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // A pixel of slack: fractional widths must not show a hint for nothing.
    const hidden = el.scrollWidth - el.clientWidth;
    const next: ScrollOverflow = {
      overflows: hidden > 1,
      moreRight: el.scrollLeft < hidden - 1,
      moreLeft: el.scrollLeft > 1,
    };
    setState((prev) =>
      prev.overflows === next.overflows &&
      prev.moreRight === next.moreRight &&
      prev.moreLeft === next.moreLeft
        ? prev
        : next,
    );
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);

  return state;
}
