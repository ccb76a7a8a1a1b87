import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { STATIC_BUNDLES } from '../../engine/static-entities.ts';
import { chartToSvg, describeMachine, estimateTextWidth, labelsForMachine, layoutStatechart } from '../../engine/graph/index.ts';
import { createNodeElk } from '../../engine/graph/elk-node.ts';
import { machines } from '../../workflows/index.ts';
import { median } from './stats.ts';
import { measureChromiumLayout } from './statechart-chromium.ts';

const ROUNDS = 15;
const WARMUP = 3;

/** The machine with the most states and transitions: the layout's worst case among ours. */
export function largestMachine(): [string, (typeof machines)[keyof typeof machines]] {
  const size = ([, m]: [string, (typeof machines)[keyof typeof machines]]) => {
    const g = describeMachine(m);
    return g.nodes.size + g.edges.length;
  };
  return (Object.entries(machines) as [string, (typeof machines)[keyof typeof machines]][]).sort((a, b) => size(b) - size(a))[0]!;
}

/**
 * Layout of the largest machine in node: measuring every state and label, ELK layered with
 * INCLUDE_CHILDREN, positioning — the median of repeated rounds after warm-up. The Chromium
 * figure (canvas measurement, ELK in a web worker) comes from the built Storybook when
 * storybook-static/ exists; otherwise it is reported as not measured.
 */
export async function benchStatechartLayout(): Promise<{ name: string; value: number; unit: string; goal: number; note?: string }[]> {
  const [id, machine] = largestMachine();
  const graph = describeMachine(machine);
  const labels = labelsForMachine(STATIC_BUNDLES, id, machine, 'zh-CN');
  const elk = createNodeElk();
  const times: number[] = [];
  let svgTimes: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const started = performance.now();
    const chart = await layoutStatechart(graph, { elk, labels, measure: estimateTextWidth });
    const laidOut = performance.now();
    chartToSvg(chart);
    if (i >= WARMUP) {
      times.push(laidOut - started);
      svgTimes = [...svgTimes, performance.now() - laidOut];
    }
  }
  const size = `${graph.nodes.size} states, ${graph.edges.length} transitions`;
  const figures = [
    { name: `statechart layout, largest machine (${id}), node`, value: median(times), unit: 'ms', goal: 300, note: `${size}; median of ${ROUNDS} after ${WARMUP} warm-up` },
    { name: `statechart SVG export (${id}), node`, value: median(svgTimes), unit: 'ms', goal: 50, note: 'scene + serialisation' },
  ];
  const staticDir = join(import.meta.dirname, '../../storybook-static');
  if (existsSync(join(staticDir, 'iframe.html'))) {
    const browser = await measureChromiumLayout(staticDir, id);
    const note = 'built Storybook; canvas measurement, ELK in a web worker';
    figures.push({ name: `statechart layout, largest machine (${id}), Chromium, warm`, value: browser.warm, unit: 'ms', goal: 300, note });
    figures.push({ name: `statechart layout, largest machine (${id}), Chromium, first on page`, value: browser.cold, unit: 'ms', goal: 300, note: `${note}; includes starting the worker` });
  } else {
    console.log(`statechart layout (${id}) in Chromium: not measured (run \`npm run build-storybook\` first)`);
  }
  return figures;
}
