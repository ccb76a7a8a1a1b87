import { useCallback, useEffect, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';

export interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN = 0.1;
const MAX = 4;
const clamp = (s: number) => Math.min(MAX, Math.max(MIN, s));

/**
 * The view that fits content of a size in a box: the whole of it, centred, never enlarged.
 * The same view the browser draws for the fitted `<svg>` of `fittedSvg` (its viewBox, at most
 * the content's own size, centred in the box), as numbers to pan and zoom on from.
 */
export function fitView(boxWidth: number, boxHeight: number, contentWidth: number, contentHeight: number): View {
  const scale = Math.min(boxWidth / contentWidth, boxHeight / contentHeight, 1);
  return { scale, x: (boxWidth - contentWidth * scale) / 2, y: (boxHeight - contentHeight * scale) / 2 };
}

/**
 * The attributes of an `<svg>` that the browser fits in its container (position: relative) as
 * `fitView` computes, with no script measuring the container: it follows the container's size as
 * it changes, and the page's first layout is its only one.
 */
export function fittedSvg(contentWidth: number, contentHeight: number): { viewBox: string; preserveAspectRatio: string; style: CSSProperties } {
  return {
    viewBox: `0 0 ${contentWidth} ${contentHeight}`,
    preserveAspectRatio: 'xMidYMid meet',
    style: { position: 'absolute', inset: 0, margin: 'auto', width: '100%', height: '100%', maxWidth: contentWidth, maxHeight: contentHeight },
  };
}

/**
 * Pan (drag), zoom (wheel, around the pointer; buttons, around the centre) and fit for content of
 * a known size in a container. `view` is undefined while the content is fitted (the browser fits
 * it: `fittedSvg`); the first pan or zoom starts from the fitted view, measured then.
 * `moved` tells a click handler whether the pointer dragged.
 */
export function usePanZoom(contentWidth: number, contentHeight: number) {
  const container = useRef<HTMLDivElement>(null);
  // The view panned or zoomed to, for the content of one size: new content shows fitted.
  const size = `${contentWidth}x${contentHeight}`;
  const [state, setState] = useState<{ size: string; view?: View }>({ size });
  const view = state.size === size ? state.view : undefined;
  const setView = useCallback((next: View | undefined | ((shown: View | undefined) => View)) => {
    setState((s) => ({ size, view: typeof next === 'function' ? next(s.size === size ? s.view : undefined) : next }));
  }, [size]);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const moved = useRef(false);

  /** The view shown now: the one panned or zoomed to, else the fitted one, measured (in the container's box, when given). */
  const current = useCallback(
    (shown: View | undefined, box = container.current?.getBoundingClientRect()): View => {
      if (shown) return shown;
      return box && contentWidth && contentHeight ? fitView(box.width, box.height, contentWidth, contentHeight) : { scale: 1, x: 0, y: 0 };
    },
    [contentWidth, contentHeight],
  );

  const zoomAt = useCallback(
    (factor: number, cx?: number, cy?: number) => {
      const el = container.current;
      if (!el) return;
      const rect = el.getBoundingClientRect();
      const px = cx ?? rect.width / 2;
      const py = cy ?? rect.height / 2;
      setView((shown) => {
        const v = current(shown, rect);
        const scale = clamp(v.scale * factor);
        const k = scale / v.scale;
        return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
      });
    },
    [current, setView],
  );

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - rect.left, e.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY, view: current(view), moved: false };
    moved.current = false;
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) > 3) {
      d.moved = true;
      moved.current = true;
      container.current?.setPointerCapture(e.pointerId);
    }
    if (d.moved) setView({ ...d.view, x: d.view.x + dx, y: d.view.y + dy });
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    if (drag.current?.moved) container.current?.releasePointerCapture(e.pointerId);
    drag.current = null;
  };

  return {
    container,
    view,
    fit: () => setView(undefined),
    zoomIn: () => zoomAt(1.25),
    zoomOut: () => zoomAt(0.8),
    actualSize: () => zoomAt(1 / current(view).scale),
    moved,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
