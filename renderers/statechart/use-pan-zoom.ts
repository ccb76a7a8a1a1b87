import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

export interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN = 0.1;
const MAX = 4;
const clamp = (s: number) => Math.min(MAX, Math.max(MIN, s));

/**
 * Pan (drag), zoom (wheel, around the pointer; buttons, around the centre) and fit for content of
 * a known size in a container. `moved` tells a click handler whether the pointer dragged.
 */
export function usePanZoom(contentWidth: number, contentHeight: number) {
  const container = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const moved = useRef(false);

  const fit = useCallback(() => {
    const el = container.current;
    if (!el || !contentWidth || !contentHeight) return;
    const { width, height } = el.getBoundingClientRect();
    const scale = clamp(Math.min(width / contentWidth, height / contentHeight, 1));
    setView({ scale, x: (width - contentWidth * scale) / 2, y: (height - contentHeight * scale) / 2 });
  }, [contentWidth, contentHeight]);

  const zoomAt = useCallback((factor: number, cx?: number, cy?: number) => {
    const el = container.current;
    if (!el) return;
    const rect = el.getBoundingClientRect();
    const px = cx ?? rect.width / 2;
    const py = cy ?? rect.height / 2;
    setView((v) => {
      const scale = clamp(v.scale * factor);
      const k = scale / v.scale;
      return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
    });
  }, []);

  // Before the first paint of new content: it never shows unfitted.
  useLayoutEffect(() => {
    fit();
  }, [fit]);

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
    drag.current = { x: e.clientX, y: e.clientY, view, moved: false };
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
    fit,
    zoomIn: () => zoomAt(1.25),
    zoomOut: () => zoomAt(0.8),
    actualSize: () => zoomAt(1 / view.scale),
    moved,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
