import type { ElkExtendedEdge, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import { ancestorsOf } from './describe.ts';
import { INITIAL_MARKER_SIZE, type ContentBlock } from './content.ts';
import type { ChartEdge, StatechartGraph } from './types.ts';

/**
 * The ELK graph of a statechart: one ELK node per state (compound states contain their
 * children), one small node per initial marker, one ELK edge per transition target placed on
 * the lowest common ancestor of its ends, and a label of measured size per edge. Parallel
 * regions are chained by invisible ordering edges so that the layered algorithm puts them side
 * by side.
 */

export const ROOT_ID = '__chart';
export const FINAL_INSET = 4;

export type ElkEdgeRole =
  | { kind: 'transition'; edge: ChartEdge; targetId: string }
  | { kind: 'initial'; parentId: string; targetId: string }
  | { kind: 'order' };

export interface ElkBuild {
  graph: ElkNode;
  /** ELK edge id → what it stands for. */
  roles: Map<string, ElkEdgeRole>;
}

export const BASE_OPTIONS: LayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.cycleBreaking.strategy': 'DFS_NODE_ORDER',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.edgeLabels.sideSelection': 'SMART_DOWN',
};

const PAD = 16;

/** Options a nested graph must repeat to take effect there (model order crashes ELK when repeated). */
const NESTED_OPTIONS = Object.keys(BASE_OPTIONS).filter((k) => k.startsWith('elk.spacing') || k.startsWith('elk.layered.') || k.startsWith('elk.edgeLabels'))
  .filter((k) => k !== 'elk.layered.considerModelOrder.strategy');

/** The container of an edge: the lowest common ancestor of its ends (ELK's containment rule). */
export function edgeContainer(graph: StatechartGraph, sourceId: string, targetId: string): string {
  if (sourceId === targetId) return graph.nodes.get(sourceId)?.parentId ?? ROOT_ID;
  const sourceAncestors = ancestorsOf(graph, sourceId);
  const targetAncestors = ancestorsOf(graph, targetId);
  if (targetAncestors.includes(sourceId)) return sourceId;
  if (sourceAncestors.includes(targetId)) return targetId;
  return sourceAncestors.find((a) => targetAncestors.includes(a)) ?? ROOT_ID;
}

export function buildElkGraph(
  graph: StatechartGraph,
  stateBlocks: ReadonlyMap<string, ContentBlock>,
  edgeBlocks: ReadonlyMap<string, ContentBlock>,
  extraOptions: LayoutOptions = {},
): ElkBuild {
  const elkNodes = new Map<string, ElkNode>();
  const roles = new Map<string, ElkEdgeRole>();
  // Nested graphs read the layered options from their own node, so every container repeats them.
  const layered: LayoutOptions = { ...BASE_OPTIONS, ...extraOptions };
  const root: ElkNode = { id: ROOT_ID, layoutOptions: layered, children: [], edges: [] };
  const nested: LayoutOptions = Object.fromEntries(Object.entries(layered).filter(([k]) => NESTED_OPTIONS.includes(k)));
  elkNodes.set(ROOT_ID, root);

  const addEdge = (containerId: string, edge: ElkExtendedEdge, role: ElkEdgeRole) => {
    const container = elkNodes.get(containerId) ?? root;
    (container.edges ??= []).push(edge);
    roles.set(edge.id, role);
  };

  for (const node of graph.nodes.values()) {
    const content = stateBlocks.get(node.id)!;
    const parent = elkNodes.get(node.parentId ?? ROOT_ID)!;
    const isContainer = node.childIds.length > 0;
    const elkNode: ElkNode = { id: node.id, children: [], edges: [] };
    if (isContainer) {
      elkNode.layoutOptions = {
        ...nested,
        'elk.padding': `[top=${content.height + 10},left=${PAD},bottom=${PAD},right=${PAD}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${content.width + 2 * PAD}, ${content.height + 40})`,
      };
    } else {
      const inset = node.type === 'final' ? 2 * FINAL_INSET : 0;
      elkNode.width = content.width + inset;
      elkNode.height = content.height + inset;
    }
    parent.children!.push(elkNode);
    elkNodes.set(node.id, elkNode);
    if (node.initialIds.length) {
      const markerId = `${node.id}#initial`;
      elkNode.children!.push({ id: markerId, width: INITIAL_MARKER_SIZE, height: INITIAL_MARKER_SIZE });
      for (const target of node.initialIds) {
        addEdge(node.id, { id: `${markerId}>${target}`, sources: [markerId], targets: [target] }, { kind: 'initial', parentId: node.id, targetId: target });
      }
    }
  }

  for (const node of graph.nodes.values()) {
    if (node.type !== 'parallel') continue;
    node.childIds.slice(1).forEach((child, i) => {
      addEdge(node.id, { id: `${node.id}#order${i}`, sources: [node.childIds[i]!], targets: [child] }, { kind: 'order' });
    });
  }

  for (const edge of graph.edges) {
    const targets = edge.targetIds.length ? edge.targetIds : [edge.sourceId];
    targets.forEach((targetId, i) => {
      const id = `${edge.id}>${i}`;
      const label = i === 0 ? edgeBlocks.get(edge.id) : undefined;
      const elkEdge: ElkExtendedEdge = { id, sources: [edge.sourceId], targets: [targetId] };
      // ELK ignores labels without text: the first line stands for the measured block.
      if (label) elkEdge.labels = [{ id: `${id}#label`, text: label.lines[0]?.text || edge.eventType || 'always', width: label.width, height: label.height }];
      addEdge(edgeContainer(graph, edge.sourceId, targetId), elkEdge, { kind: 'transition', edge, targetId });
    });
  }
  return { graph: root, roles };
}
