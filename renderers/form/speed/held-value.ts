import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** How long typing must pause before a field hands its value to the form, in ms. */
export const HAND_OVER_PAUSE = 250;

/** The hand-overs of every field holding typed input that its form has not seen yet. */
const holding = new Set<() => void>();

/**
 * Hands every field's held input to its form now, synchronously: when this returns, each form
 * has committed the values and reported them to its `onChange`. Whatever reads a form's data
 * on a click (Save, Validate, a dialog's OK) calls this first. A mouse click blurs the field,
 * which hands its value over already; this covers a click that moves no focus.
 */
export function releaseHeldInput(): void {
  if (holding.size === 0) return;
  flushSync(() => {
    for (const release of [...holding]) release();
  });
}

export interface HeldValue<T> {
  /** The value the input starts from (it is uncontrolled: the browser keeps what is typed). */
  initial: T;
  /** Changes when the form's value changed from outside, to mount the input afresh with it. */
  key: number;
  /** Keeps a typed value; it is handed to the form when typing pauses, the field is left, or a reader releases it. */
  hold(next: T): void;
  /** Hands the held value to the form now, if there is one (on blur). */
  release(): void;
}

/**
 * A field whose keystrokes the form does not see one by one. The input is uncontrolled: the
 * browser edits and paints a keystroke with no React render of the form at all. The value is
 * handed to the form (RJSF re-deriving the section's state, the section re-rendering, the
 * page's conditions following) once typing pauses for HAND_OVER_PAUSE, when the field is left,
 * or when something about to read the form's data calls releaseHeldInput. On a section of
 * fifty fields that keeps a keystroke within one frame on a slow machine.
 *
 * A value the form shows that is not the one last handed over came from outside (a reset,
 * another widget): the input is mounted afresh with it, unless the user is typing, whose input
 * wins. Input held when the field unmounts (its section replaced, its condition hiding it) is
 * dropped with the field.
 */
export function useHeldValue<T>(value: T, onChange: (next: T) => void): HeldValue<T> {
  const [shown, setShown] = useState({ initial: value, key: 0 });
  /** The last value the form was handed or showed. */
  const handed = useRef(value);
  const held = useRef<{ value: T } | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  });

  const release = useCallback(function release() {
    clearTimeout(timer.current);
    holding.delete(release);
    const next = held.current;
    if (!next) return;
    held.current = undefined;
    handed.current = next.value;
    latestOnChange.current(next.value);
  }, []);

  const hold = useCallback(
    (next: T) => {
      held.current = { value: next };
      holding.add(release);
      clearTimeout(timer.current);
      timer.current = setTimeout(release, HAND_OVER_PAUSE);
    },
    [release],
  );

  useLayoutEffect(() => {
    if (value === handed.current || held.current) return;
    handed.current = value;
    setShown((s) => ({ initial: value, key: s.key + 1 }));
  }, [value]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      holding.delete(release);
      held.current = undefined;
    },
    [release],
  );

  return { initial: shown.initial, key: shown.key, hold, release };
}
