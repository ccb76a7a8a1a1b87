import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATIC_BUNDLES } from '../../../engine/static-entities.ts';
import {
  buildScene,
  describeMachine,
  drawShippedChart,
  nodeToString,
  labelsForMachine,
  layoutMeasured,
  machineLabels,
  measureForShipping,
  positionShipped,
  type ChartLabels,
  type PositionedChart,
  type ShippedLayout,
} from '../../../engine/graph/index.ts';
import { createNodeElk } from '../../../engine/graph/elk-node.ts';
import { machines } from '../../../workflows/index.ts';
import { expectedLayouts, layoutPath, shippedKey } from '../../../scripts/statechart-layouts.ts';

const root = resolve(import.meta.dirname, '../../..');
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as ShippedLayout;

/** Positions rounded as a shipped layout rounds them, for comparison. */
function geometry(chart: PositionedChart) {
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    size: [chart.width, chart.height],
    states: chart.states.map((s) => [s.node.id, r(s.x), r(s.y), r(s.width), r(s.height)]),
    edges: chart.edges.map((e) => [e.id, e.routed, e.points.map((p) => [r(p.x), r(p.y)]), e.label && [r(e.label.x), r(e.label.y)]]),
    markers: chart.markers.map((m) => [m.targetId, m.points.map((p) => [r(p.x), r(p.y)])]),
  };
}

// Laying out every machine in node takes seconds on a busy machine: the timeout only catches a hang.
describe('the statechart layouts the viewer ships', { timeout: 120_000 }, () => {
  it('are fresh: one per registered machine and language, each with the key of the chart as it is now (run `npm run gen` when not)', () => {
    const expected = expectedLayouts();
    expect(expected.size).toBe(Object.keys(machines).length * 2);
    const stale = [...expected].filter(([path, { key }]) => shippedKey(root, path) !== key).map(([path]) => path);
    expect(stale).toEqual([]);
  });

  it('draw the largest machine exactly as ELK lays it out now', async () => {
    const graph = describeMachine(machines.trf);
    const labels = labelsForMachine(STATIC_BUNDLES, 'trf', machines.trf, 'zh-CN');
    const measured = measureForShipping(graph, labels);
    const shipped = positionShipped(measured, read(layoutPath('trf', 'zh-CN')));
    const { chart } = await layoutMeasured(measured, { elk: createNodeElk() });
    expect(shipped).toBeDefined();
    expect(shipped!.attempt).toBe(chart.attempt);
    expect(geometry(shipped!)).toEqual(geometry(chart));
  });

  it('are refused for another chart: other labels, another language or another machine', () => {
    const graph = describeMachine(machines.trf);
    const shipped = read(layoutPath('trf', 'en-US'));
    const own = labelsForMachine(STATIC_BUNDLES, 'trf', machines.trf, 'en-US');
    expect(positionShipped(measureForShipping(graph, own), shipped)).toBeDefined();
    // A template's entity bound to the machine, naming an event otherwise: its label is measured anew.
    const renamed: ChartLabels = { ...own, event: (type) => (type === 'SUBMIT' ? 'Send the application to the laboratory now' : own.event(type)) };
    expect(positionShipped(measureForShipping(graph, renamed), shipped)).toBeUndefined();
    expect(positionShipped(measureForShipping(graph, machineLabels(machines.trf, 'zh-CN')), shipped)).toBeUndefined();
    const invoice = describeMachine(machines.invoice);
    expect(positionShipped(measureForShipping(invoice, machineLabels(machines.invoice, 'en-US')), shipped)).toBeUndefined();
  });

  it('are drawn for the first paint exactly as the viewer draws them, and not when stale', () => {
    const labels = labelsForMachine(STATIC_BUNDLES, 'trf', machines.trf, 'en-US');
    const layout = read(layoutPath('trf', 'en-US'));
    const drawing = drawShippedChart(machines.trf, labels, layout);
    const scene = buildScene(positionShipped(measureForShipping(describeMachine(machines.trf), labels), layout)!, {}, 'Test request form');
    expect(drawing).toEqual({ label: 'Test request form', width: scene.width, height: scene.height, defs: scene.defs.map(nodeToString).join(''), body: scene.body.map(nodeToString).join('') });
    expect(drawing!.body).toContain('>Draft<');
    expect(drawShippedChart(machines.trf, labels, read(layoutPath('trf', 'zh-CN')))).toBeUndefined();
  });
});
