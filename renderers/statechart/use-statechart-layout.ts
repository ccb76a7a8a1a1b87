import { useEffect, useState } from 'react';
import { layoutStatechart, measureForShipping, positionShipped, type ChartLabels, type PositionedChart, type StatechartGraph } from '../../engine/graph/index.ts';
import { measureWithCanvas } from './measure-canvas.ts';
import { loadShippedLayout } from './shipped-layouts.ts';

/** Where a chart's positions came from: the build (no ELK on the page) or ELK in a worker. */
export type LayoutSource = 'shipped' | 'computed';

export type LayoutState =
  | { status: 'loading' }
  | { status: 'ready'; chart: PositionedChart; ms: number; source: LayoutSource }
  | { status: 'error'; error: string };

/** The chart from its shipped layout, when the build made one for exactly this chart and these labels. */
async function shippedChart(graph: StatechartGraph, labels: ChartLabels): Promise<PositionedChart | undefined> {
  const shipped = await loadShippedLayout(graph.machineId, labels.lang);
  return shipped && positionShipped(measureForShipping(graph, labels), shipped);
}

/** ELK in a web worker, loaded only when a chart has no fresh shipped layout. */
async function computedChart(graph: StatechartGraph, labels: ChartLabels): Promise<PositionedChart> {
  const { browserElk } = await import('./elk-browser.ts');
  return layoutStatechart(graph, { elk: browserElk(), labels, measure: measureWithCanvas });
}

/**
 * Lays a statechart out in the browser: a registered machine's layout made at build time when it
 * is fresh (its key matches this chart), else canvas measurement and ELK in a worker (a
 * template's labels, a machine changed since the build).
 */
export function useStatechartLayout(graph: StatechartGraph, labels: ChartLabels): LayoutState {
  const [state, setState] = useState<LayoutState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    const started = performance.now();
    const layout = async (): Promise<[PositionedChart, LayoutSource]> => {
      const shipped = await shippedChart(graph, labels);
      return shipped ? [shipped, 'shipped'] : [await computedChart(graph, labels), 'computed'];
    };
    layout().then(
      ([chart, source]) => !cancelled && setState({ status: 'ready', chart, ms: performance.now() - started, source }),
      (error: unknown) => !cancelled && setState({ status: 'error', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [graph, labels]);
  return state;
}
