import { startTransition, useLayoutEffect, useState, type RefObject } from 'react';
import { revealQueue } from './reveal-queue.ts';

/** How near the screen a waiting section is shown before its turn. */
const NEAR = '200px 0px';

/**
 * Whether a section's form is mounted: at once when the section starts within the first screen,
 * otherwise in its turn in the page's reveal queue (after the first paint, one per painted
 * frame, not while the user types), or sooner when it is scrolled near (a transition, so the
 * first screen's paint and the user's input go first). A long form thus paints its first screen
 * without waiting for every field, and stays responsive while the rest arrive.
 *
 * Everything a waiting section set up — its place in the queue (and with the last one the
 * queue's window listeners and pending frame), its intersection observer — is undone when it is
 * shown, unmounts, or `resetKey` (the section) changes. Rendered to a string (no window), every
 * section shows at once.
 */
export function useRevealed(ref: RefObject<HTMLElement | null>, resetKey?: unknown): boolean {
  const [shown, setShown] = useState(() => typeof window === 'undefined');
  useLayoutEffect(() => {
    if (shown) return;
    const el = ref.current;
    if (!el || el.getBoundingClientRect().top < window.innerHeight) {
      setShown(true);
      return;
    }
    const show = () => startTransition(() => setShown(true));
    const leave = revealQueue().enqueue(show);
    const io = typeof IntersectionObserver === 'undefined' ? undefined : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: NEAR });
    io?.observe(el);
    return () => {
      leave();
      io?.disconnect();
    };
  }, [ref, shown, resetKey]);
  return shown;
}
