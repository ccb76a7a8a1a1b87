import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import { modelOf, replay, traverse } from './harness.ts';

/** The harness itself: it must notice what it cannot cover, and refuse impossible actor events. */
describe('model harness', () => {
  it('leaves a transition uncovered when no sample event satisfies its guard', () => {
    const machine = setup({ guards: { isNever: () => false } }).createMachine({
      id: 'fixture',
      initial: 'a',
      states: { a: { on: { GO: [{ target: 'b', guard: 'isNever' }, { target: 'c' }] } }, b: {}, c: {} },
    });
    const model = modelOf('fixture', machine);
    const covered = new Set(traverse(model).cases.flatMap((c) => replay(model, c.events).taken));
    const missing = model.graph.edges.map((e) => e.id).filter((id) => !covered.has(id));
    expect(missing).toEqual(['fixture.a|GO|0']);
  });

  it('reports a done event delivered while the invoked actor is not running', () => {
    const machine = setup({ actors: { work: fromPromise(async () => 1) } }).createMachine({
      id: 'inv',
      initial: 'idle',
      states: { idle: { on: { START: 'busy' } }, busy: { invoke: { id: 'job', src: 'work', onDone: 'idle' } } },
    });
    const model = modelOf('inv', machine);
    expect(replay(model, [{ type: 'xstate.done.actor.job' }]).problems).toEqual(["xstate.done.actor.job delivered while actor 'job' is not running"]);
    expect(replay(model, [{ type: 'START' }, { type: 'xstate.done.actor.job' }]).problems).toEqual([]);
  });

  it('covers eventless transitions through the events that lead to them', () => {
    const machine = createMachine({
      id: 'ev',
      initial: 'a',
      states: { a: { on: { GO: 'b' } }, b: { always: 'c' }, c: {} },
    });
    const model = modelOf('ev', machine);
    const taken = traverse(model).cases.flatMap((c) => replay(model, c.events).taken);
    expect(taken).toContain('ev.b|always|0');
  });
});
