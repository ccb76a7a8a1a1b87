import { useEffect, useState } from 'react';
import { layoutStatechart, type ChartLabels, type PositionedChart, type StatechartGraph } from '../../engine/graph/index.ts';
import { browserElk } from './elk-browser.ts';
import { measureWithCanvas } from './measure-canvas.ts';

export type LayoutState =
  | { status: 'loading' }
  | { status: 'ready'; chart: PositionedChart; ms: number }
  | { status: 'error'; error: string };

/** Lays a statechart out in the browser (canvas measurement, ELK in a worker). */
export function useStatechartLayout(graph: StatechartGraph, labels: ChartLabels): LayoutState {
  const [state, setState] = useState<LayoutState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    const started = performance.now();
    layoutStatechart(graph, { elk: browserElk(), labels, measure: measureWithCanvas }).then(
      (chart) => !cancelled && setState({ status: 'ready', chart, ms: performance.now() - started }),
      (error: unknown) => !cancelled && setState({ status: 'error', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [graph, labels]);
  return state;
}
