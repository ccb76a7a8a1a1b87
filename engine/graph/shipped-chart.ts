import type { AnyStateMachine } from 'xstate';
import { describeMachine } from './describe.ts';
import { stateTitle, type ChartLabels } from './labels.ts';
import { buildScene } from './scene.ts';
import { measureForShipping, positionShipped, type ShippedLayout } from './shipped-layout.ts';
import { nodeToString } from './svg.ts';

/**
 * A machine's review chart (no highlight) drawn from its shipped layout, as markup: what the
 * viewer's `<svg>` holds, serialised by the same scene code the viewer renders as React elements.
 * The viewer page's first paint (server/portal/first-paint.ts) shows it before the app has loaded.
 */
export interface ShippedChartDrawing {
  /** The chart's accessible name (its root state's title). */
  label: string;
  width: number;
  height: number;
  /** The `<defs>` children (arrow markers) and the drawing itself, as SVG markup. */
  defs: string;
  body: string;
}

/** The drawing, or undefined when the layout is not this chart's (stale, or made for other labels). */
export function drawShippedChart(machine: AnyStateMachine, labels: ChartLabels, shipped: ShippedLayout): ShippedChartDrawing | undefined {
  const graph = describeMachine(machine);
  const chart = positionShipped(measureForShipping(graph, labels), shipped);
  if (!chart) return undefined;
  const label = stateTitle(graph.nodes.get(graph.rootId)!, labels);
  const scene = buildScene(chart, {}, label);
  return { label, width: scene.width, height: scene.height, defs: scene.defs.map(nodeToString).join(''), body: scene.body.map(nodeToString).join('') };
}
