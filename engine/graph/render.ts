import type { AnyStateMachine } from 'xstate';
import { describeMachine } from './describe.ts';
import type { ChartLabels } from './labels.ts';
import { layoutStatechart, type ElkLike, type PositionedChart } from './layout.ts';
import { estimateTextWidth, type TextMeasurer } from './measure.ts';
import { chartToSvg, type ChartHighlight } from './scene.ts';

export interface RenderParams {
  elk: ElkLike;
  labels: ChartLabels;
  measure?: TextMeasurer;
  highlight?: ChartHighlight;
}

/** Machine → laid-out chart (the whole pure pipeline but the drawing). */
export function layoutMachine(machine: AnyStateMachine, params: Omit<RenderParams, 'highlight'>): Promise<PositionedChart> {
  return layoutStatechart(describeMachine(machine), { elk: params.elk, labels: params.labels, measure: params.measure ?? estimateTextWidth });
}

/** Machine → standalone SVG document. */
export async function renderMachineSvg(machine: AnyStateMachine, params: RenderParams): Promise<string> {
  const chart = await layoutMachine(machine, params);
  const root = chart.graph.nodes.get(chart.graph.rootId)!;
  return chartToSvg(chart, params.highlight, params.labels.state(root) ?? machine.id);
}
