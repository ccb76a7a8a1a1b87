import type { LineRole } from './content.ts';

/** Colours of the statechart drawing (the product's accent is orange; green = can be taken now). */
export const THEME = {
  text: '#262626',
  muted: '#8c8c8c',
  stateFill: '#ffffff',
  stateStroke: '#8c8c8c',
  containerFill: ['#fafafa', '#f3f5f8', '#ffffff'],
  containerStroke: '#bfbfbf',
  regionStroke: '#a0a7b4',
  edge: '#595959',
  labelFill: '#ffffff',
  labelStroke: '#e0e0e0',
  active: '#fa8c16',
  activeFill: '#fff4e0',
  takeable: '#389e0d',
  takeableFill: '#f0faeb',
  forbidden: '#bfbfbf',
  visited: '#1677ff',
  visitedFill: '#e6f0ff',
  lines: {
    title: '#262626',
    key: '#8c8c8c',
    tags: '#722ed1',
    description: '#595959',
    entry: '#08979c',
    exit: '#08979c',
    invoke: '#c41d7f',
    event: '#262626',
    eventType: '#8c8c8c',
    guard: '#ad4e00',
    actions: '#0958d9',
  } satisfies Record<LineRole, string>,
  dimOpacity: 0.32,
} as const;

/**
 * The smallest scale a fitted chart is shrunk to (the viewer, renderers/statechart/use-pan-zoom.ts,
 * and its first paint): its labels stay readable (12 px text at about 10 px). A wider chart is
 * shown at this scale and scrolls (the TRF machine).
 */
export const READABLE_SCALE = 0.8;
