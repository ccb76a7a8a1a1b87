import { afterPaint } from './after-paint.ts';

/** How long after a keystroke or press the waiting sections keep waiting, in ms. */
export const INPUT_QUIET = 400;

/** The inputs that hold the reveals back, listened to on the window while sections wait. */
const INPUT_EVENTS = ['keydown', 'pointerdown'] as const;
const LISTEN = { capture: true, passive: true } as const;

export interface RevealQueue {
  /**
   * Puts a reveal in line; it is called in its turn. Answers a function that takes it out of the
   * line (its section unmounted, or shown sooner because it was scrolled near).
   */
  enqueue(reveal: () => void): () => void;
  /** How many reveals wait. */
  readonly size: number;
}

/**
 * A line of reveals (sections waiting to mount their form), called one per task, each after a
 * painted frame, and not while the user is typing or pressing: a reveal waits until input has
 * been quiet for INPUT_QUIET. While reveals wait, the queue listens to the window's keydown and
 * pointerdown (capture, passive) and has one frame or timeout pending; once the line is empty —
 * every reveal called or taken out — the listeners are removed, the input noted so far is
 * forgotten and nothing stays pending.
 */
export function createRevealQueue(): RevealQueue {
  const waiting: { reveal: () => void }[] = [];
  let lastInput = Number.NEGATIVE_INFINITY;
  /** Cancels the pending step; set while the queue runs. */
  let pending: (() => void) | undefined;

  const noteInput = () => {
    lastInput = performance.now();
  };

  function start(): void {
    if (pending) return;
    for (const type of INPUT_EVENTS) window.addEventListener(type, noteInput, LISTEN);
    pending = afterPaint(next);
  }

  function stop(): void {
    pending?.();
    pending = undefined;
    for (const type of INPUT_EVENTS) window.removeEventListener(type, noteInput, LISTEN);
    lastInput = Number.NEGATIVE_INFINITY;
  }

  function next(): void {
    const quietFor = performance.now() - lastInput;
    if (quietFor < INPUT_QUIET) {
      const timer = setTimeout(next, INPUT_QUIET - quietFor);
      pending = () => clearTimeout(timer);
      return;
    }
    waiting.shift()?.reveal();
    if (waiting.length === 0) stop();
    else pending = afterPaint(next);
  }

  return {
    enqueue(reveal) {
      const entry = { reveal };
      waiting.push(entry);
      start();
      return () => {
        const at = waiting.indexOf(entry);
        if (at < 0) return;
        waiting.splice(at, 1);
        if (waiting.length === 0) stop();
      };
    },
    get size() {
      return waiting.length;
    },
  };
}

let pageQueue: RevealQueue | undefined;

/** The page's one queue: sections of every form on the page mount in turn, in page order. */
export function revealQueue(): RevealQueue {
  pageQueue ??= createRevealQueue();
  return pageQueue;
}
