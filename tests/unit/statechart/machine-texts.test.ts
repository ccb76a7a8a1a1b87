import { describe, expect, it } from 'vitest';
import { machines } from '../../../workflows/index.ts';
import { STATIC_BUNDLES } from '../../../engine/static-entities.ts';
import { describeMachine, edgeContent, labelsForMachine, stateContent, type ChartLabels } from '../../../engine/graph/index.ts';
import type { Language } from '../../../engine/index.ts';

/**
 * What the lifecycle viewer shows a user of each machine — state labels and descriptions, event
 * labels, guards — is in the user's language, from the machine's meta (or its entity's actions):
 * no English in Chinese, no Chinese in English, no raw code (START_TESTING, hasReason) in either.
 */
const LANGUAGES: Language[] = ['zh-CN', 'en-US'];
const SHOWN = new Set(['title', 'description', 'event', 'guard']);
/** Names the product keeps in Latin letters in Chinese too. */
const ACRONYMS = /\b(DFF|TRF|PDF|CPSC|SMS|SSO|ID|IM|BI)\b/g;
const measure = (t: string) => t.length * 7;

/** Durations (`15 min`) and paths (`/lock`) read the same in every language. */
const NEUTRAL = /\d+\s*(ms|s|min|h|d)\b|\/[\w/]+/g;

function untranslated(line: string, lang: Language): boolean {
  if (/\b[a-z]+[A-Z]\w*\b|\b[A-Z]+_[A-Z_]+\b/.test(line)) return true;
  if (lang === 'zh-CN') return /[A-Za-z]{2,}/.test(line.replace(ACRONYMS, '').replace(NEUTRAL, ''));
  return /[\u3400-\u9fff]/.test(line);
}

function guardNames(guard: string): string[] {
  return [...guard.matchAll(/(\w+)(?:\(\{[^}]*\}\))?/g)].map((m) => m[1]!).filter((n) => n !== 'not');
}

describe.each(LANGUAGES)('every machine speaks %s in the viewer', (lang) => {
  it.each(Object.keys(machines))('%s', (id) => {
    const machine = machines[id as keyof typeof machines];
    const graph = describeMachine(machine);
    const labels: ChartLabels = labelsForMachine(STATIC_BUNDLES, id, machine, lang);
    const problems: string[] = [];
    for (const node of graph.nodes.values()) {
      if (node.id === graph.rootId || node.type === 'history') continue;
      if (!labels.state(node)) problems.push(`state ${node.key} has no label`);
      for (const line of stateContent(node, labels, measure).lines) if (SHOWN.has(line.role) && untranslated(line.text, lang)) problems.push(`state ${node.key}: ${line.text}`);
    }
    for (const edge of graph.edges) {
      if (edge.kind === 'event' && !labels.event(edge.eventType)) problems.push(`event ${edge.eventType} has no label`);
      for (const name of edge.guard ? guardNames(edge.guard) : []) if (!labels.guard(name)) problems.push(`guard ${name} has no label`);
      for (const line of edgeContent(edge, labels, measure).lines) if (SHOWN.has(line.role) && untranslated(line.text, lang)) problems.push(`edge ${edge.id}: ${line.text}`);
    }
    expect(problems).toEqual([]);
  });
});
