import { useEffect, useMemo, useState } from 'react';
import { layoutStatechart, measureForShipping, positionShipped, type ChartLabels, type PositionedChart, type StatechartGraph } from '../../engine/graph/index.ts';
import { measureWithCanvas } from './measure-canvas.ts';
import { loadShippedLayout, shippedLayoutNow } from './shipped-layouts.ts';

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

/** The chart at once when its shipped layout has arrived already (prefetched with the page) and is fresh. */
function shippedChartNow(graph: StatechartGraph, labels: ChartLabels): LayoutState | undefined {
  const shipped = shippedLayoutNow(graph.machineId, labels.lang);
  if (!shipped) return undefined;
  const started = performance.now();
  const chart = positionShipped(measureForShipping(graph, labels), shipped);
  return chart && { status: 'ready', chart, ms: performance.now() - started, source: 'shipped' };
}

/**
 * Lays a statechart out in the browser: a registered machine's layout made at build time when it
 * is fresh (its key matches this chart), else canvas measurement and ELK in a worker (a
 * template's labels, a machine changed since the build). A shipped layout that has arrived is
 * used in the first render: the page shows the chart in the same pass as the rest.
 */
export function useStatechartLayout(graph: StatechartGraph, labels: ChartLabels): LayoutState {
  const now = useMemo(() => shippedChartNow(graph, labels), [graph, labels]);
  const [later, setLater] = useState<{ graph: StatechartGraph; labels: ChartLabels; state: LayoutState }>();
  useEffect(() => {
    if (now) return;
    let cancelled = false;
    const started = performance.now();
    const layout = async (): Promise<[PositionedChart, LayoutSource]> => {
      const shipped = await shippedChart(graph, labels);
      return shipped ? [shipped, 'shipped'] : [await computedChart(graph, labels), 'computed'];
    };
    const settle = (state: LayoutState) => !cancelled && setLater({ graph, labels, state });
    layout().then(
      ([chart, source]) => settle({ status: 'ready', chart, ms: performance.now() - started, source }),
      (error: unknown) => settle({ status: 'error', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [graph, labels, now]);
  if (now) return now;
  return later?.graph === graph && later.labels === labels ? later.state : { status: 'loading' };
}
