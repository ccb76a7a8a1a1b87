import { cssFont, estimateTextWidth, type TextMeasurer } from '../../engine/graph/index.ts';

const cache = new Map<string, number>();
let context: CanvasRenderingContext2D | null | undefined;

/**
 * Measures text with a canvas in the font the SVG draws with, so boxes and labels fit the
 * rendered text exactly; falls back to the deterministic estimate without a canvas.
 */
export const measureWithCanvas: TextMeasurer = (text, style) => {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return estimateTextWidth(text, style);
  const font = cssFont(style);
  const key = `${font}\u0000${text}`;
  let width = cache.get(key);
  if (width === undefined) {
    context.font = font;
    width = Math.ceil(context.measureText(text).width);
    cache.set(key, width);
  }
  return width;
};
