import { describe, expect, it } from 'vitest';
import { fittedSvg, fitView } from '../../../renderers/statechart/use-pan-zoom.ts';

describe('the viewer fits a chart', () => {
  it('shrinks a chart larger than its box to the tighter side and centres it on the other', () => {
    // 2000 × 500 in 1000 × 600: half size (the width binds), 250 high, 175 from the top.
    expect(fitView(1000, 600, 2000, 500)).toEqual({ scale: 0.5, x: 0, y: 175 });
    // 400 × 1200 in 1000 × 600: the height binds.
    expect(fitView(1000, 600, 400, 1200)).toEqual({ scale: 0.5, x: 400, y: 0 });
  });

  it('never enlarges a small chart: it stays at its own size, centred', () => {
    expect(fitView(1000, 600, 200, 100)).toEqual({ scale: 1, x: 400, y: 250 });
  });

  it('has the browser draw the same view: the whole chart as viewBox, at most its own size, centred in the box', () => {
    const svg = fittedSvg(2000, 500);
    expect(svg.viewBox).toBe('0 0 2000 500');
    expect(svg.preserveAspectRatio).toBe('xMidYMid meet');
    expect(svg.style).toMatchObject({ position: 'absolute', inset: 0, margin: 'auto', width: '100%', height: '100%', maxWidth: 2000, maxHeight: 500 });
  });
});
