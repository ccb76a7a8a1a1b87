import { lineHeight, NODE_PADDING, EDGE_LABEL_PADDING, type ContentBlock } from './content.ts';
import { FINAL_INSET } from './elk-graph.ts';
import type { PositionedChart, PositionedEdge, PositionedMarker, PositionedState } from './layout.ts';
import { MONO_FONT, SANS_FONT, type TextStyle } from './measure.ts';
import { roundedPath, type Box } from './routes.ts';
import { h, sceneToSvg, type SvgNode, type SvgScene } from './svg.ts';
import { THEME } from './theme.ts';

/**
 * What the viewer emphasises: live mode (current states, events the user can send now, the
 * record's past path) and simulation mode use it; plain review passes none.
 */
export interface ChartHighlight {
  /** Active state ids (ancestors included). */
  active?: ReadonlySet<string>;
  /** Transition ids the machine takes now and the user may send. */
  takeable?: ReadonlySet<string>;
  /** Transition ids the machine could take now but the user may not send. */
  forbidden?: ReadonlySet<string>;
  /** The path taken: transition id → step numbers (1-based). */
  visited?: ReadonlyMap<string, readonly number[]>;
  /** Grey every transition that is neither takeable nor on the path. */
  dim?: boolean;
}

type EdgeState = 'takeable' | 'forbidden' | 'visited' | 'dim' | 'normal';

function edgeState(edgeId: string, hl: ChartHighlight): EdgeState {
  if (hl.takeable?.has(edgeId)) return 'takeable';
  if (hl.forbidden?.has(edgeId)) return 'forbidden';
  if (hl.visited?.has(edgeId)) return 'visited';
  return hl.dim ? 'dim' : 'normal';
}

const EDGE_COLOURS: Record<EdgeState, string> = {
  takeable: THEME.takeable,
  forbidden: THEME.forbidden,
  visited: THEME.visited,
  dim: THEME.edge,
  normal: THEME.edge,
};

function fontAttrs(style: TextStyle) {
  return {
    'font-family': style.mono ? MONO_FONT : SANS_FONT,
    'font-size': style.size,
    'font-weight': style.weight === 'bold' ? 'bold' : undefined,
    'font-style': style.italic ? 'italic' : undefined,
  };
}

/** Text lines of a block inside a box; `center` centres every line horizontally. */
function textLines(content: ContentBlock, box: Box, pad: { x: number; y: number }, center: boolean): SvgNode[] {
  let top = box.y + pad.y;
  return content.lines.map((line) => {
    const lh = lineHeight(line.style);
    const baseline = top + (lh + line.style.size * 0.72) / 2;
    top += lh;
    return h('text', {
      x: center ? box.x + box.width / 2 : box.x + pad.x,
      y: Math.round(baseline * 10) / 10,
      'text-anchor': center ? 'middle' : undefined,
      fill: THEME.lines[line.role],
      ...fontAttrs(line.style),
    }, [], line.text);
  });
}

/** The tooltip of a state or transition: the machine's own names behind its label (content.ts). */
const tooltip = (content: ContentBlock): SvgNode[] => (content.detail ? [h('title', {}, [], content.detail)] : []);

function stateShape(s: PositionedState, chart: PositionedChart, hl: ChartHighlight): SvgNode {
  const { node } = s;
  // The machine itself is always active: only its states are marked.
  const active = Boolean(node.parentId) && (hl.active?.has(node.id) ?? false);
  const parent = node.parentId ? chart.graph.nodes.get(node.parentId) : undefined;
  const isRegion = parent?.type === 'parallel';
  const isContainer = node.childIds.length > 0;
  const stroke = active ? THEME.active : isContainer ? (isRegion ? THEME.regionStroke : THEME.containerStroke) : THEME.stateStroke;
  const fill = active && !isContainer ? THEME.activeFill : isContainer ? THEME.containerFill[node.depth % THEME.containerFill.length]! : THEME.stateFill;
  const strokeWidth = active ? 2.5 : 1.2;
  const attrs = { 'data-state-id': node.id, 'data-active': active ? 'true' : undefined, class: 'sc-state' };
  if (node.type === 'history') {
    const r = s.width / 2;
    return h('g', attrs, [
      h('circle', { cx: s.x + r, cy: s.y + r, r, fill, stroke, 'stroke-width': strokeWidth }),
      h('text', { x: s.x + r, y: s.y + r + 4.5, 'text-anchor': 'middle', fill: THEME.text, ...fontAttrs({ size: 12, weight: 'bold' }) }, [], s.content.lines[0]?.text ?? 'H'),
    ]);
  }
  const shapes: SvgNode[] = [
    h('rect', { x: s.x, y: s.y, width: s.width, height: s.height, rx: isContainer ? 8 : 6, fill, stroke, 'stroke-width': strokeWidth, 'stroke-dasharray': isRegion && !active ? '6 4' : undefined }),
  ];
  if (node.type === 'final') {
    shapes.push(h('rect', { x: s.x + FINAL_INSET, y: s.y + FINAL_INSET, width: s.width - 2 * FINAL_INSET, height: s.height - 2 * FINAL_INSET, rx: 4, fill: 'none', stroke, 'stroke-width': strokeWidth }));
  }
  const inset = node.type === 'final' ? FINAL_INSET : 0;
  const textBox = isContainer ? { x: s.x, y: s.y, width: s.width, height: s.content.height } : { x: s.x + inset, y: s.y + inset, width: s.width - 2 * inset, height: s.height - 2 * inset };
  const centred = !isContainer && s.content.lines.length <= 2;
  return h('g', attrs, [...tooltip(s.content), ...shapes, ...textLines(s.content, textBox, NODE_PADDING, centred)]);
}

function markerShape(m: PositionedMarker, hl: ChartHighlight): SvgNode {
  const colour = THEME.text;
  return h('g', { class: 'sc-initial', opacity: hl.dim ? THEME.dimOpacity + 0.3 : undefined }, [
    h('circle', { cx: m.center.x, cy: m.center.y, r: 5, fill: colour }),
    h('path', { d: roundedPath(m.points), fill: 'none', stroke: colour, 'stroke-width': 1.2, 'marker-end': 'url(#sc-arrow-normal)' }),
  ]);
}

function badge(x: number, y: number, steps: readonly number[]): SvgNode {
  const label = steps.join(',');
  const width = Math.max(16, 7 * label.length + 8);
  return h('g', { class: 'sc-step' }, [
    h('rect', { x: x - width / 2, y: y - 8, width, height: 16, rx: 8, fill: THEME.visited }),
    h('text', { x, y: y + 4, 'text-anchor': 'middle', fill: '#ffffff', 'font-family': SANS_FONT, 'font-size': 10, 'font-weight': 'bold' }, [], label),
  ]);
}

function edgeShape(e: PositionedEdge, hl: ChartHighlight): SvgNode {
  const state = edgeState(e.edge.id, hl);
  const colour = EDGE_COLOURS[state];
  const width = state === 'takeable' ? 2.5 : state === 'visited' ? 2 : 1.2;
  const dash = e.edge.kind === 'always' ? '2 3' : e.edge.kind === 'after' ? '7 3' : state === 'forbidden' ? '4 3' : undefined;
  const children: SvgNode[] = [
    h('path', { d: roundedPath(e.points), fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-dasharray': dash, 'marker-end': `url(#sc-arrow-${state})` }),
  ];
  if (e.label) {
    const l = e.label;
    const fill = state === 'takeable' ? THEME.takeableFill : state === 'visited' ? THEME.visitedFill : THEME.labelFill;
    const stroke = state === 'normal' || state === 'dim' ? THEME.labelStroke : colour;
    children.unshift(...tooltip(l.content));
    children.push(h('rect', { x: l.x, y: l.y, width: l.width, height: l.height, rx: 4, fill, stroke, 'stroke-width': state === 'takeable' ? 1.5 : 1 }));
    children.push(...textLines(l.content, l, EDGE_LABEL_PADDING, true));
    const steps = hl.visited?.get(e.edge.id);
    if (steps?.length) children.push(badge(l.x, l.y, steps));
  }
  return h('g', {
    class: 'sc-edge',
    'data-edge-id': e.edge.id,
    'data-event': e.edge.eventType || undefined,
    'data-kind': e.edge.kind,
    'data-status': state,
    opacity: state === 'dim' || state === 'forbidden' ? THEME.dimOpacity : undefined,
  }, children);
}

function arrowMarker(state: EdgeState): SvgNode {
  return h('marker', { id: `sc-arrow-${state}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, [
    h('path', { d: 'M0,0 L10,5 L0,10 z', fill: EDGE_COLOURS[state] }),
  ]);
}

/** The drawing of a laid-out chart with an optional highlight. */
export function buildScene(chart: PositionedChart, hl: ChartHighlight = {}, title = chart.graph.machineId): SvgScene {
  const states = chart.states.map((s) => stateShape(s, chart, hl));
  const markers = chart.markers.map((m) => markerShape(m, hl));
  const order: EdgeState[] = ['dim', 'forbidden', 'normal', 'visited', 'takeable'];
  const edges = [...chart.edges].sort((a, b) => order.indexOf(edgeState(a.edge.id, hl)) - order.indexOf(edgeState(b.edge.id, hl))).map((e) => edgeShape(e, hl));
  return {
    width: chart.width,
    height: chart.height,
    title,
    defs: (['takeable', 'forbidden', 'visited', 'dim', 'normal'] as EdgeState[]).map(arrowMarker),
    body: [h('g', { class: 'sc-states' }, states), h('g', { class: 'sc-markers' }, markers), h('g', { class: 'sc-edges' }, edges)],
  };
}

/** A standalone SVG document of a laid-out chart. */
export function chartToSvg(chart: PositionedChart, hl: ChartHighlight = {}, title?: string): string {
  return sceneToSvg(buildScene(chart, hl, title));
}
