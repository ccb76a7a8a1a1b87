import { describe, expect, it } from 'vitest';
import { describeMachine, edgeTitle, guardTitle, labelsForMachine, machineLabels, transitionId } from '../../../engine/graph/index.ts';
import { machines } from '../../../workflows/index.ts';
import { fixtureMachine } from './fixture.ts';

const graph = describeMachine(fixtureMachine);
const node = (id: string) => graph.nodes.get(id)!;
const edge = (id: string) => graph.edges.find((e) => e.id === id)!;

describe('describeMachine', () => {
  it('lists every state node with its type, parent, initial children and depth', () => {
    expect([...graph.nodes.keys()]).toEqual([
      'fx', 'fx.idle', 'fx.busy', 'fx.work', 'fx.work.left', 'fx.work.left.a', 'fx.work.left.b', 'fx.work.left.hist',
      'fx.work.right', 'fx.work.right.x', 'fx.work.right.deepHist', 'fx.paused', 'fx.done',
    ]);
    expect(node('fx').initialIds).toEqual(['fx.idle']);
    expect(node('fx.work').type).toBe('parallel');
    expect(node('fx.work').initialIds).toEqual([]);
    expect(node('fx.work.left').initialIds).toEqual(['fx.work.left.a']);
    expect(node('fx.work.left.b').type).toBe('final');
    expect(node('fx.done').type).toBe('final');
    expect(node('fx.work.left.a').depth).toBe(3);
    expect(node('fx.work.right').parentId).toBe('fx.work');
  });

  it('describes history states as shallow or deep', () => {
    expect(node('fx.work.left.hist')).toMatchObject({ type: 'history', history: 'shallow' });
    expect(node('fx.work.right.deepHist')).toMatchObject({ type: 'history', history: 'deep' });
  });

  it('keeps labels, descriptions, tags, entry/exit actions with params and invoked actors', () => {
    const idle = node('fx.idle');
    expect(idle.label).toEqual({ 'zh-CN': '空闲', 'en-US': 'Idle' });
    expect(idle.description).toBe('Waiting <for> "input" & more');
    expect(idle.tags).toEqual(['resting']);
    expect(idle.entry.map((a) => a.text)).toEqual(['notify({channel: "email"})']);
    expect(idle.exit.map((a) => a.text)).toEqual(['bump']);
    expect(node('fx.busy').invoke).toEqual([{ id: 'loader', src: 'loadThing' }]);
  });

  it('makes each guarded branch of one event its own edge, guards by name with parameters', () => {
    expect(edge('fx.idle|GO|0')).toMatchObject({ targetIds: ['fx.busy'], guard: 'isAtLeast({min: 10})', branch: 0, branches: 2, kind: 'event' });
    expect(edge('fx.idle|GO|0').actions.map((a) => a.text)).toEqual(['bump']);
    expect(edge('fx.idle|GO|1')).toMatchObject({ targetIds: ['fx.work'], guard: 'isSmall', branch: 1, branches: 2 });
  });

  it('describes targetless transitions with their actions', () => {
    expect(edge('fx.idle|NOTE|0')).toMatchObject({ targetIds: [], actions: [{ name: 'bump', text: 'bump' }] });
  });

  it('describes delayed transitions with numeric and named delays, and higher-order guards', () => {
    expect(edge('fx.idle|xstate.after.1000.fx.idle|0')).toMatchObject({ kind: 'after', delay: { ms: 1000 }, guard: 'hasCount || stateIn(#fx.idle)' });
    expect(edge('fx.idle|xstate.after.shortWait.fx.idle|0')).toMatchObject({ kind: 'after', delay: { name: 'shortWait', ms: 1500 } });
  });

  it('describes eventless, invoke done/error and state-done transitions', () => {
    expect(edge('fx.busy|always|0')).toMatchObject({ kind: 'always', eventType: '', targetIds: ['fx.done'], guard: 'hasCount && hasCount' });
    expect(edge('fx.busy|xstate.done.actor.loader|0')).toMatchObject({ kind: 'done', actorId: 'loader', targetIds: ['fx.work'] });
    expect(edge('fx.busy|xstate.error.actor.loader|0')).toMatchObject({ kind: 'error', actorId: 'loader', guard: 'not(hasCount)' });
    expect(edge('fx.work|xstate.done.state.fx.work|0')).toMatchObject({ kind: 'stateDone', targetIds: ['fx.done'] });
    expect(edge('fx.paused|RESUME|0').targetIds).toEqual(['fx.work.left.hist']);
  });

  it('hides the timer bookkeeping XState adds to entry and exit of states with delays', () => {
    expect(node('fx.idle').entry.some((a) => a.name === 'raise')).toBe(false);
    expect(node('fx.idle').exit.some((a) => a.name === 'cancel')).toBe(false);
  });

  it('lists the external events in order of appearance', () => {
    expect(graph.events).toEqual(['GO', 'NOTE', 'FINISH', 'A_TO_B', 'PAUSE', 'RESUME']);
  });

  it('gives transition ids that are stable across machine.provide copies', () => {
    const copy = describeMachine(fixtureMachine.provide({}));
    expect(copy.edges.map((e) => e.id)).toEqual(graph.edges.map((e) => e.id));
    expect(transitionId('fx.busy', '', 0)).toBe('fx.busy|always|0');
  });

  it('titles edges in the user language: declared labels, delays, always, actors', () => {
    const zh = machineLabels(fixtureMachine, 'zh-CN');
    const en = machineLabels(fixtureMachine, 'en-US');
    expect(edgeTitle(edge('fx.idle|GO|0'), zh)).toBe('前进');
    expect(edgeTitle(edge('fx.idle|GO|0'), en)).toBe('Go');
    expect(edgeTitle(edge('fx.idle|NOTE|0'), en)).toBe('NOTE');
    expect(edgeTitle(edge('fx.idle|xstate.after.1000.fx.idle|0'), en)).toBe('after 1 s');
    expect(edgeTitle(edge('fx.idle|xstate.after.shortWait.fx.idle|0'), zh)).toBe('1500 ms 后');
    expect(edgeTitle(edge('fx.busy|always|0'), en)).toBe('always');
    expect(edgeTitle(edge('fx.busy|xstate.done.actor.loader|0'), en)).toBe('loader done');
  });

  it('reads the TRF machine: parallel regions, the history state and a named guard', () => {
    const trf = describeMachine(machines.trf);
    expect(trf.nodes.get('trf')!.type).toBe('parallel');
    expect(trf.nodes.get('trf.status.inProgress.history')!.type).toBe('history');
    const send = trf.edges.find((e) => e.id === 'trf.quotation.none|SEND_QUOTATION|0')!;
    expect(send.guard).toBe('isRequestActive');
    expect(guardTitle(send.guard!, labelsForMachine([], 'trf', machines.trf, 'zh-CN'))).toBe('申请已提交或处理中');
  });
});
