import type { ElkExtendedEdge, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import { edgeContent, stateContent, type ContentBlock } from './content.ts';
import { buildElkGraph, ROOT_ID, type ElkBuild } from './elk-graph.ts';
import type { ChartLabels } from './labels.ts';
import type { TextMeasurer } from './measure.ts';
import { straightRoute, type Box } from './routes.ts';
import type { ChartEdge, ChartNode, Point, StatechartGraph } from './types.ts';

/** What lays out an ELK graph: elkjs's ELK in node (bundled) or in the browser (web worker). */
export interface ElkLike {
  layout(graph: ElkNode): Promise<ElkNode>;
}

export interface PositionedState extends Box {
  node: ChartNode;
  content: ContentBlock;
}

export interface PositionedLabel extends Box {
  content: ContentBlock;
}

export interface PositionedEdge {
  /** The ELK edge id (one per transition target). */
  id: string;
  edge: ChartEdge;
  targetId: string;
  points: Point[];
  label?: PositionedLabel;
  /** False when the layout could not route it and a straight line stands in. */
  routed: boolean;
}

export interface PositionedMarker {
  parentId: string;
  targetId: string;
  center: Point;
  points: Point[];
}

export interface PositionedChart {
  graph: StatechartGraph;
  width: number;
  height: number;
  /** Parents before children (drawing order). */
  states: PositionedState[];
  edges: PositionedEdge[];
  markers: PositionedMarker[];
  /** Which layout attempt succeeded (`layered`, `layered-simple`, `separate`). */
  attempt: string;
}

interface Attempt {
  name: string;
  options: LayoutOptions;
  /** Keep only edges between siblings (the others are drawn straight). */
  siblingEdgesOnly?: boolean;
}

/** Tried in order: the full layered layout, a simpler one, then per-level layouts. */
export const LAYOUT_ATTEMPTS: readonly Attempt[] = [
  { name: 'layered', options: {} },
  {
    name: 'layered-simple',
    options: {
      'elk.layered.considerModelOrder.strategy': 'NONE',
      'elk.layered.nodePlacement.strategy': 'SIMPLE',
      'elk.layered.compaction.postCompaction.strategy': 'NONE',
    },
  },
  { name: 'separate', options: { 'elk.hierarchyHandling': 'SEPARATE_CHILDREN' }, siblingEdgesOnly: true },
];

const MARGIN = 16;

function keepSiblingEdges(node: ElkNode): void {
  const childIds = new Set((node.children ?? []).map((c) => c.id));
  node.edges = (node.edges ?? []).filter((e) => childIds.has(e.sources[0]!) && childIds.has(e.targets[0]!));
  for (const child of node.children ?? []) keepSiblingEdges(child);
}

function collect(node: ElkNode, boxes: Map<string, Box>, edges: ElkExtendedEdge[]): void {
  for (const child of node.children ?? []) {
    boxes.set(child.id, { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 });
    collect(child, boxes, edges);
  }
  edges.push(...(node.edges ?? []));
}

function sectionPoints(edge: ElkExtendedEdge): Point[] {
  const points: Point[] = [];
  for (const s of edge.sections ?? []) points.push(s.startPoint, ...(s.bendPoints ?? []), s.endPoint);
  return points.map((p) => ({ x: p.x + MARGIN, y: p.y + MARGIN }));
}

function shift(box: Box): Box {
  return { x: box.x + MARGIN, y: box.y + MARGIN, width: box.width, height: box.height };
}

function toPositioned(graph: StatechartGraph, build: ElkBuild, laid: ElkNode, blocks: Map<string, ContentBlock>, edgeBlocks: Map<string, ContentBlock>, attempt: string): PositionedChart {
  const boxes = new Map<string, Box>();
  const routed: ElkExtendedEdge[] = [];
  collect(laid, boxes, routed);
  const byId = new Map(routed.map((e) => [e.id, e]));
  const states = [...graph.nodes.values()].map((node) => ({ ...shift(boxes.get(node.id)!), node, content: blocks.get(node.id)! }));
  const edges: PositionedEdge[] = [];
  const markers: PositionedMarker[] = [];
  for (const [id, role] of build.roles) {
    if (role.kind === 'order') continue;
    const elkEdge = byId.get(id);
    const sourceId = role.kind === 'initial' ? `${role.parentId}#initial` : role.edge.sourceId;
    const source = shift(boxes.get(sourceId)!);
    const target = shift(boxes.get(role.targetId)!);
    const points = elkEdge?.sections?.length ? sectionPoints(elkEdge) : straightRoute(source, target);
    if (role.kind === 'initial') {
      markers.push({ parentId: role.parentId, targetId: role.targetId, center: { x: source.x + source.width / 2, y: source.y + source.height / 2 }, points });
      continue;
    }
    const content = edgeBlocks.get(role.edge.id);
    const elkLabel = elkEdge?.labels?.[0];
    const out: PositionedEdge = { id, edge: role.edge, targetId: role.targetId, points, routed: Boolean(elkEdge?.sections?.length) };
    if (content && id.endsWith('>0')) {
      const mid = points[Math.floor(points.length / 2)] ?? { x: source.x, y: source.y };
      const box = elkLabel?.x !== undefined ? shift({ x: elkLabel.x, y: elkLabel.y ?? 0, width: content.width, height: content.height }) : { x: mid.x - content.width / 2, y: mid.y - content.height / 2, width: content.width, height: content.height };
      out.label = { ...box, content };
    }
    edges.push(out);
  }
  const root = boxes.get(graph.rootId)!;
  return { graph, width: Math.ceil((laid.width ?? root.width) + 2 * MARGIN), height: Math.ceil((laid.height ?? root.height) + 2 * MARGIN), states, edges, markers, attempt };
}

export interface LayoutParams {
  elk: ElkLike;
  labels: ChartLabels;
  measure: TextMeasurer;
  /** Called when an attempt fails, before the next one is tried. */
  onAttemptFailed?: (attempt: string, error: unknown) => void;
}

/** A statechart with every state and label measured: what ELK is given, and what the scene draws. */
export interface MeasuredChart {
  graph: StatechartGraph;
  blocks: Map<string, ContentBlock>;
  edgeBlocks: Map<string, ContentBlock>;
}

/** Measures every state and edge label of a chart. */
export function measureChart(graph: StatechartGraph, labels: ChartLabels, measure: TextMeasurer): MeasuredChart {
  const blocks = new Map([...graph.nodes.values()].map((n) => [n.id, stateContent(n, labels, measure)]));
  const edgeBlocks = new Map(graph.edges.map((e) => [e.id, edgeContent(e, labels, measure)]));
  return { graph, blocks, edgeBlocks };
}

/** A chart laid out by ELK, with ELK's own answer (what a build ships, see shipped-layout.ts). */
export interface LaidOutChart {
  chart: PositionedChart;
  laid: ElkNode;
}

/** Lays a measured chart out with ELK (retrying simpler options on failure). */
export async function layoutMeasured(measured: MeasuredChart, params: Pick<LayoutParams, 'elk' | 'onAttemptFailed'>): Promise<LaidOutChart> {
  const { graph, blocks, edgeBlocks } = measured;
  let lastError: unknown;
  for (const attempt of LAYOUT_ATTEMPTS) {
    const build = buildElkGraph(graph, blocks, edgeBlocks, attempt.options);
    if (attempt.siblingEdgesOnly) keepSiblingEdges(build.graph);
    try {
      const laid = await params.elk.layout(build.graph);
      return { chart: toPositioned(graph, build, laid, blocks, edgeBlocks, attempt.name), laid };
    } catch (error) {
      lastError = error;
      params.onAttemptFailed?.(attempt.name, error);
    }
  }
  throw new Error(`The statechart of '${graph.machineId}' could not be laid out: ${String(lastError)}`);
}

/** Positions a measured chart by an ELK answer given from elsewhere (a layout made at build time). */
export function positionMeasured(measured: MeasuredChart, laid: ElkNode, attempt: string): PositionedChart {
  const { graph, blocks, edgeBlocks } = measured;
  return toPositioned(graph, buildElkGraph(graph, blocks, edgeBlocks), laid, blocks, edgeBlocks, attempt);
}

/** Measures every state and label, lays the chart out with ELK (retrying simpler options on failure). */
export async function layoutStatechart(graph: StatechartGraph, params: LayoutParams): Promise<PositionedChart> {
  return (await layoutMeasured(measureChart(graph, params.labels, params.measure), params)).chart;
}

export { ROOT_ID };
