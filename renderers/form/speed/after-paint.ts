/**
 * Runs `callback` in the first task after the next painted frame (a frame callback, then a
 * timeout queued from it: the timeout runs once the frame's style, layout and paint are done).
 * Answers a function that cancels it at whichever step it is.
 */
export function afterPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
