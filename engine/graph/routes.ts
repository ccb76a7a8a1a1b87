import type { Point } from './types.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function center(b: Box): Point {
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Where the segment from the box's centre towards `toward` leaves the box. */
export function clipToBox(b: Box, toward: Point): Point {
  const c = center(b);
  const dx = toward.x - c.x;
  const dy = toward.y - c.y;
  if (dx === 0 && dy === 0) return c;
  const sx = dx === 0 ? Infinity : b.width / 2 / Math.abs(dx);
  const sy = dy === 0 ? Infinity : b.height / 2 / Math.abs(dy);
  const s = Math.min(sx, sy);
  return { x: c.x + dx * s, y: c.y + dy * s };
}

/**
 * A route for an edge the layout did not route: a straight line between the two boxes, or a
 * small loop over the top-right corner for a transition back to its own state.
 */
export function straightRoute(source: Box, target: Box): Point[] {
  if (source === target || (source.x === target.x && source.y === target.y && source.width === target.width)) {
    const right = source.x + source.width;
    return [
      { x: right - 24, y: source.y },
      { x: right - 24, y: source.y - 18 },
      { x: right + 18, y: source.y - 18 },
      { x: right + 18, y: source.y + 20 },
      { x: right, y: source.y + 20 },
    ];
  }
  const from = clipToBox(source, center(target));
  const to = clipToBox(target, center(source));
  return [from, to];
}

/** An SVG path through the points, with rounded corners at the bends. */
export function roundedPath(points: readonly Point[], radius = 6): string {
  if (points.length === 0) return '';
  const fmt = (n: number) => Math.round(n * 10) / 10;
  let d = `M${fmt(points[0]!.x)},${fmt(points[0]!.y)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const prev = points[i - 1]!;
    const cur = points[i]!;
    const next = points[i + 1]!;
    const inLen = Math.hypot(cur.x - prev.x, cur.y - prev.y);
    const outLen = Math.hypot(next.x - cur.x, next.y - cur.y);
    const r = Math.min(radius, inLen / 2, outLen / 2);
    const a = { x: cur.x - ((cur.x - prev.x) / (inLen || 1)) * r, y: cur.y - ((cur.y - prev.y) / (inLen || 1)) * r };
    const b = { x: cur.x + ((next.x - cur.x) / (outLen || 1)) * r, y: cur.y + ((next.y - cur.y) / (outLen || 1)) * r };
    d += ` L${fmt(a.x)},${fmt(a.y)} Q${fmt(cur.x)},${fmt(cur.y)} ${fmt(b.x)},${fmt(b.y)}`;
  }
  const last = points[points.length - 1]!;
  if (points.length > 1) d += ` L${fmt(last.x)},${fmt(last.y)}`;
  return d;
}
