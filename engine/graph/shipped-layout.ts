import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { Language } from '../declaration/types.ts';
import { buildElkGraph } from './elk-graph.ts';
import { layoutMeasured, measureChart, positionMeasured, type ElkLike, type MeasuredChart, type PositionedChart } from './layout.ts';
import type { ChartLabels } from './labels.ts';
import { estimateTextWidth } from './measure.ts';
import type { StatechartGraph } from './types.ts';

/**
 * A statechart's layout made at build time (`npm run gen`, engine/generated/statechart-layouts/),
 * so the viewer draws a registered machine without starting ELK. It holds ELK's answer only
 * (positions, in root coordinates); the states and labels are measured again when drawn, with the
 * same deterministic estimate the build used (`estimateTextWidth`), and the layout is used only
 * when `key` matches: a hash of the whole ELK input (every state, transition, label size and
 * option). A changed machine, other labels (a template's entity) or a changed layout code gives
 * another key, and the viewer lays the chart out with ELK as before.
 */
export interface ShippedLayout {
  machineId: string;
  lang: Language;
  key: string;
  /** Which layout attempt made it (`layered`, …). */
  attempt: string;
  width: number;
  height: number;
  /** ELK node id → [x, y, width, height]. */
  nodes: Record<string, [number, number, number, number]>;
  /** ELK edge id → its route as flat x, y pairs, and its label's position. */
  edges: Record<string, { points: number[]; label?: [number, number] }>;
}

/** Bump when the meaning of a shipped layout changes: every shipped one becomes stale. */
const FORMAT = 1;

/** cyrb53: a fast 53-bit string hash (not cryptographic; this only tells versions apart). */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The key of a measured chart's layout: a hash of what ELK would be given. */
export function layoutKey(measured: MeasuredChart): string {
  const { graph } = buildElkGraph(measured.graph, measured.blocks, measured.edgeBlocks);
  return `${FORMAT}-${hash53(JSON.stringify(graph))}`;
}

/** A chart measured as a build measures it (the deterministic estimate). */
export function measureForShipping(graph: StatechartGraph, labels: ChartLabels): MeasuredChart {
  return measureChart(graph, labels, estimateTextWidth);
}

const round = (n: number | undefined) => Math.round((n ?? 0) * 10) / 10;

function flatten(node: ElkNode, out: ShippedLayout): void {
  for (const child of node.children ?? []) {
    out.nodes[child.id] = [round(child.x), round(child.y), round(child.width), round(child.height)];
    flatten(child, out);
  }
  for (const edge of node.edges ?? []) {
    const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]).flatMap((p) => [round(p.x), round(p.y)]);
    if (!points.length) continue;
    const label = edge.labels?.[0];
    out.edges[edge.id] = label?.x === undefined ? { points } : { points, label: [round(label.x), round(label.y)] };
  }
}

/** Lays a chart out with ELK as a build does, in the form a build ships. */
export async function shipLayout(graph: StatechartGraph, labels: ChartLabels, elk: ElkLike): Promise<ShippedLayout> {
  const measured = measureForShipping(graph, labels);
  const { chart, laid } = await layoutMeasured(measured, { elk });
  const out: ShippedLayout = { machineId: graph.machineId, lang: labels.lang, key: layoutKey(measured), attempt: chart.attempt, width: round(laid.width), height: round(laid.height), nodes: {}, edges: {} };
  flatten(laid, out);
  return out;
}

/** ELK's answer again, from a shipped layout (one flat level: its coordinates are the root's). */
function toElk(shipped: ShippedLayout): ElkNode {
  const children = Object.entries(shipped.nodes).map(([id, [x, y, width, height]]) => ({ id, x, y, width, height }));
  const edges: ElkExtendedEdge[] = Object.entries(shipped.edges).map(([id, { points, label }]) => {
    const pts = [];
    for (let i = 0; i + 1 < points.length; i += 2) pts.push({ x: points[i]!, y: points[i + 1]! });
    const section = { id: `${id}#s`, startPoint: pts[0]!, endPoint: pts[pts.length - 1]!, bendPoints: pts.slice(1, -1) };
    return { id, sources: [], targets: [], sections: [section], labels: label ? [{ id: `${id}#label`, x: label[0], y: label[1] }] : undefined };
  });
  return { id: 'shipped', width: shipped.width, height: shipped.height, children, edges };
}

/**
 * The chart positioned by a shipped layout, measured as the build measured it; undefined when the
 * layout is not this chart's (stale, or made for other labels).
 */
export function positionShipped(measured: MeasuredChart, shipped: ShippedLayout): PositionedChart | undefined {
  if (shipped.machineId !== measured.graph.machineId || shipped.key !== layoutKey(measured)) return undefined;
  return positionMeasured(measured, toElk(shipped), shipped.attempt);
}
