import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

export interface TypedValue<T> {
  /** What the field shows: the user's latest input, ahead of the form. */
  shown: T;
  /** Shows the input at once and hands it to the form as a transition. */
  change(next: T): void;
  /** Hands the form the latest input now, if it has not caught up (on blur: a click on Save blurs first). */
  flush(): void;
}

/**
 * A text field's value while the user types. A keystroke re-renders the field alone and is
 * painted at once; the form (RJSF re-deriving its section's state, the property list, the
 * page around it) catches up as a transition right after. On a section of fifty fields that
 * takes the form's work, about half of a keystroke's, out of the keystroke's frame.
 *
 * A value the form renders back is the field's own (every value it was handed is kept until the
 * form has caught up); any other value came from outside, a reset or another widget, and is
 * shown as it is.
 */
export function useTypedValue<T>(value: T, onChange: (next: T) => void): TypedValue<T> {
  const [shown, setShown] = useState(value);
  const [given, setGiven] = useState(value);
  /** Every value handed to the form since it last showed the latest one. */
  const handed = useRef(new Set<T>());
  const latest = useRef({ shown, onChange });
  useEffect(() => {
    latest.current = { shown, onChange };
  });
  if (value !== given) {
    setGiven(value);
    if (!handed.current.has(value)) setShown(value);
  }
  useEffect(() => {
    // Caught up: the next value the form shows that differs is someone else's.
    if (value === shown) handed.current.clear();
  }, [value, shown]);

  const change = useCallback((next: T) => {
    handed.current.add(next);
    latest.current.shown = next;
    setShown(next);
    const { onChange: hand } = latest.current;
    startTransition(() => hand(next));
  }, []);
  const flush = useCallback(() => {
    if (handed.current.size === 0) return;
    const { shown: last, onChange: hand } = latest.current;
    flushSync(() => hand(last));
  }, []);
  return { shown, change, flush };
}
