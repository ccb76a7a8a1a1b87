import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from './after-paint.ts';

/** How many of a form's top-level fields its first render draws: about a screen of them. */
export const FIRST_RENDER_FIELDS = 12;

/**
 * How many of `total` fields to draw: the first render of a `progressive` object (a form's root)
 * draws FIRST_RENDER_FIELDS, and the rest right after the first paint, as a transition (React
 * yields to input while drawing them). A form opens on its first fields without building the
 * antd components of the fifty fields of a long section. Nested groups, and a form rendered to a
 * string (no window), draw every field at once, fields a condition shows later included. The
 * pending frame or timeout is cancelled when the object unmounts.
 */
export function useDrawnCount(total: number, progressive: boolean): number {
  const [drawn, setDrawn] = useState(() => (progressive && typeof window !== 'undefined' ? FIRST_RENDER_FIELDS : Number.POSITIVE_INFINITY));
  const all = drawn >= total;
  useEffect(() => {
    if (all) return;
    return afterPaint(() => startTransition(() => setDrawn(Number.POSITIVE_INFINITY)));
  }, [all]);
  return Math.min(drawn, total);
}
