import { delayLabel, edgeTitle, guardTitle, stateDescription, stateTitle, type ChartLabels } from './labels.ts';
import { wrapText, type TextMeasurer, type TextStyle } from './measure.ts';
import { GRAPH_TEXTS } from './texts.ts';
import type { ChartEdge, ChartNode } from './types.ts';

/**
 * What is written inside a state box and on a transition label, line by line, with the
 * measured size of the whole block. Layout feeds these sizes to ELK; the scene draws the lines.
 */

export type LineRole = 'title' | 'key' | 'tags' | 'description' | 'entry' | 'exit' | 'invoke' | 'event' | 'eventType' | 'guard' | 'actions';

export interface ContentLine {
  text: string;
  role: LineRole;
  style: TextStyle;
}

export interface ContentBlock {
  lines: ContentLine[];
  /** The machine's own names behind the drawn words (event type, actions, entry/exit, invoked actors): the tooltip, never drawn. */
  detail?: string;
  width: number;
  height: number;
}

export const LINE_STYLES: Record<LineRole, TextStyle> = {
  title: { size: 14, weight: 'bold' },
  key: { size: 11, mono: true },
  tags: { size: 11 },
  description: { size: 12, italic: true },
  entry: { size: 11, mono: true },
  exit: { size: 11, mono: true },
  invoke: { size: 11, mono: true },
  event: { size: 12, weight: 'bold' },
  eventType: { size: 10, mono: true },
  guard: { size: 11, mono: true },
  actions: { size: 11, mono: true },
};

export const NODE_PADDING = { x: 12, y: 8 };
export const EDGE_LABEL_PADDING = { x: 5, y: 3 };
export const HISTORY_SIZE = 30;
export const INITIAL_MARKER_SIZE = 12;
const WRAP_WIDTH = 250;
const MIN_STATE_WIDTH = 96;

export function lineHeight(style: TextStyle): number {
  return Math.ceil(style.size * 1.45);
}

function block(lines: ContentLine[], measure: TextMeasurer, pad: { x: number; y: number }, minWidth = 0): ContentBlock {
  const textWidth = Math.max(0, ...lines.map((l) => measure(l.text, l.style)));
  const textHeight = lines.reduce((h, l) => h + lineHeight(l.style), 0);
  return { lines, width: Math.max(minWidth, Math.ceil(textWidth + 2 * pad.x)), height: Math.ceil(textHeight + 2 * pad.y) };
}

function withDetail(content: ContentBlock, detail: readonly string[]): ContentBlock {
  return detail.length ? { ...content, detail: detail.join('\n') } : content;
}

function push(out: ContentLine[], role: LineRole, text: string, measure: TextMeasurer): void {
  for (const line of wrapText(text, WRAP_WIDTH, LINE_STYLES[role], measure)) out.push({ text: line, role, style: LINE_STYLES[role] });
}

/** The lines of a state: title, key, tags, description, entry/exit actions, invoked actors. */
export function stateContent(node: ChartNode, labels: ChartLabels, measure: TextMeasurer): ContentBlock {
  const t = GRAPH_TEXTS[labels.lang];
  if (node.type === 'history') {
    const mark = node.history === 'deep' ? 'H*' : 'H';
    return { lines: [{ text: mark, role: 'title', style: LINE_STYLES.title }], width: HISTORY_SIZE, height: HISTORY_SIZE };
  }
  const lines: ContentLine[] = [];
  const title = stateTitle(node, labels);
  push(lines, 'title', title, measure);
  // Only a state without a label shows its key (as its title): no raw code beside a label.
  if (node.tags.length) push(lines, 'tags', node.tags.map((tag) => `#${tag}`).join('  '), measure);
  const description = stateDescription(node, labels);
  if (description) push(lines, 'description', description, measure);
  // The machine's own names (actions, actors) are internal: the tooltip shows them, the box does not.
  const detail = [
    title !== node.key ? node.key : '',
    node.entry.length ? `${t.entry} / ${node.entry.map((a) => a.text).join(', ')}` : '',
    node.exit.length ? `${t.exit} / ${node.exit.map((a) => a.text).join(', ')}` : '',
    ...node.invoke.map((inv) => `${t.invoke} ${inv.src}${inv.id !== inv.src ? ` (${inv.id})` : ''}`),
  ].filter(Boolean);
  return withDetail(block(lines, measure, NODE_PADDING, MIN_STATE_WIDTH), detail);
}

/** The lines of a transition label: event, event type, [guard], / actions. */
export function edgeContent(edge: ChartEdge, labels: ChartLabels, measure: TextMeasurer): ContentBlock {
  const t = GRAPH_TEXTS[labels.lang];
  const lines: ContentLine[] = [];
  const title = edgeTitle(edge, labels);
  push(lines, 'event', title, measure);
  if (edge.kind === 'after' && edge.eventType && labels.event(edge.eventType)) {
    lines.push({ text: t.after(delayLabel(edge, labels)), role: 'eventType', style: LINE_STYLES.eventType });
  }
  if (edge.guard) push(lines, 'guard', `[${guardTitle(edge.guard, labels)}]`, measure);
  // The event's type and the actions are the machine's own names: in the tooltip only ("转交", not "转交 / handOver").
  const detail = [
    edge.eventType && edge.eventType !== title ? edge.eventType : '',
    edge.actions.length ? `/ ${edge.actions.map((a) => a.text).join(', ')}` : '',
  ].filter(Boolean);
  return withDetail(block(lines, measure, EDGE_LABEL_PADDING), detail);
}
