import { afterAll, describe, expect, it } from 'vitest';
import { machines } from '../../workflows/index.ts';
import { STATIC_BUNDLES } from '../../engine/index.ts';
import { delayMs, modelOf, replay, timerStart, traverse, type MachineModel, type ModelTraversal } from './harness.ts';

/**
 * Every machine in workflows/index.ts, every transition: generated paths must take each
 * transition definition the machine declares (each guarded branch, `after`, `always`, invoke
 * done/error), the actor must end where the model says, and every timer must fire at its delay.
 */

interface Row {
  machine: string;
  covered: number;
  total: number;
  paths: number;
  timers: string;
}

const rows: Row[] = [];

afterAll(() => {
  const header = ['machine', 'transitions covered', 'paths', 'timers checked'];
  const lines = rows.map((r) => [r.machine, `${r.covered}/${r.total}`, String(r.paths), r.timers]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(['', 'Model-based coverage (tests/model):', fmt(header), ...lines.map(fmt)].join('\n'));
});

for (const [id, machine] of Object.entries(machines)) {
  const actions = STATIC_BUNDLES.find((b) => b.entity.lifecycle?.machine === id)?.entity.actions;
  describe(`machine ${id}`, () => {
    const model: MachineModel = modelOf(id, machine, actions);
    const traversal: ModelTraversal = traverse(model);
    const definition = model.graph.edges.map((e) => e.id);
    const covered = new Set<string>();
    const timers = model.graph.edges.filter((e) => e.kind === 'after');
    const row: Row = { machine: id, covered: 0, total: definition.length, paths: traversal.cases.length, timers: timers.length ? `0/${timers.length}` : '—' };
    rows.push(row);

    it('replays every generated path on a real actor and ends where the model predicts', () => {
      // A machine with transitions has paths to replay; one with none (a comment: posted, mailed, done) has nothing to walk.
      expect(traversal.cases.length > 0 || definition.length === 0, 'paths generated').toBe(true);
      for (const c of traversal.cases) {
        const r = replay(model, c.events);
        expect(r.problems, c.name).toEqual([]);
        expect(r.actor.getSnapshot().value, c.name).toEqual(c.expected);
        r.actor.stop();
        for (const t of r.taken) covered.add(t);
      }
    });

    it('takes every transition the machine declares (no transition left uncovered)', () => {
      const unknown = [...covered].filter((t) => !definition.includes(t));
      expect(unknown, 'transitions taken that the definition does not list').toEqual([]);
      const missing = definition.filter((t) => !covered.has(t));
      row.covered = definition.length - missing.length;
      expect(missing, `uncovered transitions of ${id}`).toEqual([]);
    });

    if (timers.length) it('fires every delayed transition at its delay, not before', () => {
      let checked = 0;
      for (const edge of timers) {
        const start = timerStart(model, traversal, edge);
        expect(start, `no reachable state arms ${edge.id}`).toBeDefined();
        const ms = delayMs(model, edge, start!.snapshot);
        const r = replay(model, start!.path);
        const before = r.taken.length;
        r.clock.increment(ms - 1);
        expect(r.taken.slice(before), `${edge.id} fired early`).not.toContain(edge.id);
        r.clock.increment(1);
        expect(r.taken.slice(before), `${edge.id} did not fire after ${ms} ms`).toContain(edge.id);
        expect(r.problems).toEqual([]);
        r.actor.stop();
        checked += 1;
      }
      row.timers = `${checked}/${timers.length}`;
    });
  });
}
