import { describe, expect, it } from 'vitest';
import { READABLE_SCALE } from '../../../engine/graph/theme.ts';
import { fittedSvg, fitView, frameStyle } from '../../../renderers/statechart/use-pan-zoom.ts';

describe('the viewer fits a chart to its width, readable, and scrolls the rest', () => {
  it('shrinks a chart wider than its box to the box width, centred on the height it has left', () => {
    // 1200 × 500 in 1000 × 600: 0.833 (the width binds), 416.7 high, centred.
    const view = fitView(1000, 600, 1200, 500);
    expect(view.scale).toBeCloseTo(1000 / 1200, 6);
    expect(view.x).toBeCloseTo(0, 6);
    expect(view.y).toBeCloseTo((600 - 500 * (1000 / 1200)) / 2, 6);
  });

  it('never shrinks below the readable scale: a very wide chart (the TRF machine) stays readable and is scrolled', () => {
    // 5000 × 600 in 1400 × 560: not 0.28 but the readable scale; what is scrolled away is the view's offset.
    expect(fitView(1400, 560, 5000, 600)).toEqual({ scale: READABLE_SCALE, x: 0, y: (560 - 600 * READABLE_SCALE) / 2 });
    expect(fitView(1400, 560, 5000, 600, { left: 900, top: 0 })).toEqual({ scale: READABLE_SCALE, x: -900, y: (560 - 600 * READABLE_SCALE) / 2 });
    expect(READABLE_SCALE).toBeGreaterThanOrEqual(0.75);
  });

  it('fits the width, not the height: a tall chart keeps its size and scrolls down', () => {
    expect(fitView(1000, 600, 400, 1200, { left: 0, top: 300 })).toEqual({ scale: 1, x: 300, y: -300 });
  });

  it('never enlarges a small chart: it stays at its own size, centred', () => {
    expect(fitView(1000, 600, 200, 100)).toEqual({ scale: 1, x: 400, y: 250 });
  });

  it('has the browser draw the same view: the box width, between the readable and the own width, centred, in a frame that scrolls', () => {
    const svg = fittedSvg(2000, 500);
    expect(svg.viewBox).toBe('0 0 2000 500');
    expect(svg.preserveAspectRatio).toBe('xMidYMid meet');
    expect(svg.style).toMatchObject({ margin: 'auto', width: `clamp(${2000 * READABLE_SCALE}px, 100%, 2000px)`, height: 'auto', aspectRatio: '2000 / 500' });
    expect(frameStyle(true)).toMatchObject({ display: 'flex', overflow: 'auto' });
    expect(frameStyle(false)).toMatchObject({ overflow: 'hidden' });
  });
});
