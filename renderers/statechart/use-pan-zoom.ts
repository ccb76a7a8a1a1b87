import { READABLE_SCALE } from '../../engine/graph/theme.ts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';

export interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN = 0.1;
const MAX = 4;
const clamp = (s: number) => Math.min(MAX, Math.max(MIN, s));


/**
 * The view that fits content of a size in a box: fitted to the box's width, never enlarged and
 * never below the readable scale; centred on an axis where it is smaller than the box, else
 * scrolled by `scroll` (the box scrolls what it cannot show). The same view the browser draws
 * for the fitted `<svg>` of `fittedSvg`, as numbers to pan and zoom on from.
 */
export function fitView(boxWidth: number, boxHeight: number, contentWidth: number, contentHeight: number, scroll = { left: 0, top: 0 }): View {
  const scale = Math.min(1, Math.max(READABLE_SCALE, boxWidth / contentWidth));
  const [width, height] = [contentWidth * scale, contentHeight * scale];
  return {
    scale,
    x: width <= boxWidth ? (boxWidth - width) / 2 : 0 - scroll.left,
    y: height <= boxHeight ? (boxHeight - height) / 2 : 0 - scroll.top,
  };
}

/**
 * The attributes of an `<svg>` that the browser fits in its container (a flex box that scrolls)
 * as `fitView` computes, with no script measuring the container: as wide as the container, at
 * most the content's own width and at least its readable width, as high as that makes it;
 * centred where it is smaller than the container (auto margins), scrolled where it is larger.
 */
export function fittedSvg(contentWidth: number, contentHeight: number): { viewBox: string; preserveAspectRatio: string; style: CSSProperties } {
  return {
    viewBox: `0 0 ${contentWidth} ${contentHeight}`,
    preserveAspectRatio: 'xMidYMid meet',
    style: {
      display: 'block',
      flex: 'none',
      margin: 'auto',
      width: `clamp(${Math.ceil(contentWidth * READABLE_SCALE)}px, 100%, ${contentWidth}px)`,
      height: 'auto',
      aspectRatio: `${contentWidth} / ${contentHeight}`,
    },
  };
}

/** The container's style while the content is fitted (it scrolls what does not fit) or panned and zoomed (it clips). */
export function frameStyle(fitted: boolean): CSSProperties {
  return fitted ? { display: 'flex', overflow: 'auto' } : { overflow: 'hidden' };
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
  // Leaving the fitted view: the view holds the scrolled offset now, and the frame clips instead of scrolling.
  const fitted = view === undefined;
  useLayoutEffect(() => {
    if (!fitted) container.current?.scrollTo(0, 0);
  }, [fitted]);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const moved = useRef(false);

  /** The view shown now: the one panned or zoomed to, else the fitted one, measured (in the container's box, when given). */
  const current = useCallback(
    (shown: View | undefined): View => {
      if (shown) return shown;
      const el = container.current;
      return el && contentWidth && contentHeight ? fitView(el.clientWidth, el.clientHeight, contentWidth, contentHeight, { left: el.scrollLeft, top: el.scrollTop }) : { scale: 1, x: 0, y: 0 };
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
        const v = current(shown);
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
      // A fitted chart larger than its frame scrolls with the wheel; Ctrl + wheel (a pinch) zooms it.
      if (!e.ctrlKey && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)) return;
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
