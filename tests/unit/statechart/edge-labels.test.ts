import { describe, expect, it } from 'vitest';
import { STATIC_BUNDLES } from '../../../engine/static-entities.ts';
import { describeMachine, edgeContent, estimateTextWidth, labelsForMachine, stateContent } from '../../../engine/graph/index.ts';
import type { Language } from '../../../engine/index.ts';
import { machines } from '../../../workflows/index.ts';

/**
 * The lifecycle viewer writes what a user reads (issue 53, item 10): a transition's label is its
 * event's label in the language ("转交", not "转交 / handOver"), a state's box its label; the
 * machine's own names (event type, actions, entry/exit actions, invoked actors) are the tooltip.
 */
describe('the lifecycle viewer labels', () => {
  const graph = describeMachine(machines.trf);
  it.each<[Language, string]>([
    ['zh-CN', '转交'],
    ['en-US', 'Transfer'],
  ])('draws the TRF transfer as its label only, with the internal names in its tooltip (%s)', (lang, label) => {
    const labels = labelsForMachine(STATIC_BUNDLES, 'trf', machines.trf, lang);
    const transfers = graph.edges.filter((e) => e.eventType === 'TRANSFER');
    expect(transfers.length).toBeGreaterThan(0);
    for (const edge of transfers) {
      const content = edgeContent(edge, labels, estimateTextWidth);
      expect(content.lines.map((l) => l.text)).toEqual([label]);
      expect(content.detail).toContain('handOver');
      expect(content.detail).toContain('TRANSFER');
    }
  });

  it.each<Language>(['zh-CN', 'en-US'])('draws no action, actor or event id on any label of any machine (%s)', (lang) => {
    for (const [id, machine] of Object.entries(machines)) {
      const g = describeMachine(machine);
      const labels = labelsForMachine(STATIC_BUNDLES, id, machine, lang);
      const internal = new Set<string>();
      for (const e of g.edges) for (const a of e.actions) internal.add(a.text);
      for (const n of g.nodes.values()) for (const a of [...n.entry, ...n.exit]) internal.add(a.text);
      const drawn = [...g.edges.map((e) => edgeContent(e, labels, estimateTextWidth)), ...[...g.nodes.values()].map((n) => stateContent(n, labels, estimateTextWidth))].flatMap((c) => c.lines.map((l) => l.text));
      // Names that are code (camelCase, snake_case, dotted): a plain word ("schedule") may be a label's word too.
      const code = [...internal].filter((name) => /[a-z][A-Z]|[_.]/.test(name));
      for (const text of drawn) for (const name of code) expect(text.includes(name), `${id}: "${text}" shows "${name}"`).toBe(false);
      expect(drawn.some((text) => text.startsWith('/ ')), `${id}: an actions line is drawn`).toBe(false);
    }
  });
});
