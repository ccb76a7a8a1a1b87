import { beforeAll, describe, expect, it } from 'vitest';
import {
  chartToSvg,
  describeMachine,
  estimateTextWidth,
  layoutStatechart,
  machineLabels,
  type Box,
  type ElkLike,
  type PositionedChart,
} from '../../../engine/graph/index.ts';
import { createNodeElk } from '../../../engine/graph/elk-node.ts';
import { fixtureMachine } from './fixture.ts';

const graph = describeMachine(fixtureMachine);
let en: PositionedChart;
let zh: PositionedChart;

beforeAll(async () => {
  en = await layoutStatechart(graph, { elk: createNodeElk(), labels: machineLabels(fixtureMachine, 'en-US'), measure: estimateTextWidth });
  zh = await layoutStatechart(graph, { elk: createNodeElk(), labels: machineLabels(fixtureMachine, 'zh-CN'), measure: estimateTextWidth });
});

const box = (chart: PositionedChart, id: string): Box => chart.states.find((s) => s.node.id === id)!;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('statechart layout', () => {
  it('lays the chart out with the full layered attempt', () => {
    expect(en.attempt).toBe('layered');
  });

  it('nests every state inside its parent and keeps siblings apart', () => {
    for (const s of en.states) {
      if (s.node.parentId) expect(inside(s, box(en, s.node.parentId)), s.node.id).toBe(true);
      const siblings = en.states.filter((o) => o !== s && o.node.parentId === s.node.parentId);
      for (const o of siblings) expect(overlap(s, o), `${s.node.id} overlaps ${o.node.id}`).toBe(false);
    }
  });

  it('puts parallel regions side by side, in declaration order', () => {
    const left = box(en, 'fx.work.left');
    const right = box(en, 'fx.work.right');
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
  });

  it('sizes states from their measured text, so wider labels make wider boxes', () => {
    const idle = en.states.find((s) => s.node.id === 'fx.idle')!;
    const widest = Math.max(...idle.content.lines.map((l) => estimateTextWidth(l.text, l.style)));
    expect(idle.width).toBeGreaterThanOrEqual(widest);
  });

  it('routes every transition and places one label per transition, clear of the state boxes', () => {
    expect(en.edges.every((e) => e.routed && e.points.length >= 2)).toBe(true);
    const labelled = new Set(en.edges.filter((e) => e.label).map((e) => e.edge.id));
    expect(labelled).toEqual(new Set(graph.edges.map((e) => e.id)));
    const leaves = en.states.filter((s) => s.node.childIds.length === 0);
    for (const e of en.edges) for (const s of leaves) if (e.label) expect(overlap(e.label, s), `${e.edge.id} label over ${s.node.id}`).toBe(false);
  });

  it('draws an initial marker for the machine and every compound state', () => {
    expect(en.markers.map((m) => `${m.parentId}>${m.targetId}`).sort()).toEqual(['fx.work.left>fx.work.left.a', 'fx.work.right>fx.work.right.x', 'fx>fx.idle'].sort());
  });

  it('falls back to simpler layouts when ELK fails', async () => {
    const real = createNodeElk();
    let calls = 0;
    const flaky: ElkLike = {
      layout: (g) => (++calls < 3 ? Promise.reject(new Error('boom')) : real.layout(g)),
    };
    const failed: string[] = [];
    const chart = await layoutStatechart(graph, { elk: flaky, labels: machineLabels(fixtureMachine, 'en-US'), measure: estimateTextWidth, onAttemptFailed: (a) => failed.push(a) });
    expect(failed).toEqual(['layered', 'layered-simple']);
    expect(chart.attempt).toBe('separate');
    expect(chart.edges).toHaveLength(en.edges.length);
  });
});

describe('SVG export', () => {
  it('is a standalone SVG document of the whole chart', () => {
    const svg = chartToSvg(en);
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(`viewBox="0 0 ${en.width} ${en.height}"`);
  });

  it('has one group per state and per transition, with their ids', () => {
    const svg = chartToSvg(en);
    for (const id of graph.nodes.keys()) expect(svg).toContain(`data-state-id="${id}"`);
    for (const e of graph.edges) expect(svg).toContain(`data-edge-id="${e.id}"`);
  });

  it('writes labels, guards with parameters, actions, delays and history marks', () => {
    const svg = chartToSvg(en);
    for (const text of ['>Idle<', '>Go<', '>[isAtLeast({min: 10})]<', '>/ bump<', '>after 1 s<', '>always<', '>loader done<', '>H<', '>H*<', '>#resting<', 'entry / notify({channel: &quot;email&quot;})', 'invoke loadThing (loader)']) {
      expect(svg).toContain(text);
    }
  });

  it('writes the labels in the chosen language', () => {
    const svg = chartToSvg(zh);
    expect(svg).toContain('>空闲<');
    expect(svg).toContain('>前进<');
    expect(svg).toContain('>1 s 后<');
    expect(svg).toContain('>全部结束<');
    expect(chartToSvg(en)).toContain('>All over<');
  });

  it('escapes text from the declarations', () => {
    expect(chartToSvg(en)).toContain('Waiting &lt;for&gt; &quot;input&quot; &amp; more');
  });

  it('marks active states and sorts transitions into takeable, forbidden, visited and dimmed', () => {
    const svg = chartToSvg(en, {
      active: new Set(['fx', 'fx.idle']),
      takeable: new Set(['fx.idle|GO|0']),
      forbidden: new Set(['fx.idle|NOTE|0']),
      visited: new Map([['fx.idle|GO|1', [1, 3]]]),
      dim: true,
    });
    expect(svg).toMatch(/data-state-id="fx.idle" data-active="true"/);
    expect(svg).toMatch(/data-edge-id="fx.idle\|GO\|0"[^>]*data-status="takeable"/);
    expect(svg).toMatch(/data-edge-id="fx.idle\|NOTE\|0"[^>]*data-status="forbidden"/);
    expect(svg).toMatch(/data-edge-id="fx.idle\|GO\|1"[^>]*data-status="visited"/);
    expect(svg).toMatch(/data-edge-id="fx.busy\|always\|0"[^>]*data-status="dim"/);
    expect(svg).toContain('>1,3<');
  });
});
