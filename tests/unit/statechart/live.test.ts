import { describe, expect, it } from 'vitest';
import { applyEvent, createStaticRegistry, deriveActions, initialSnapshot, toPermissionMap, type PersistedSnapshot } from '../../../engine/index.ts';
import {
  activeStateIds,
  describeMachine,
  historyPath,
  liveTransitions,
  sampleEvents,
  simulateEvent,
  simulationChoices,
  startSimulation,
} from '../../../engine/graph/index.ts';
import { machines } from '../../../workflows/index.ts';
import { fixtureMachine } from './fixture.ts';

const reg = createStaticRegistry().get('trf');
const trf = machines.trf;
const graph = describeMachine(trf);
const samples = sampleEvents(graph, trf, reg.entity.actions);

function after(...events: { type: string; [k: string]: unknown }[]): PersistedSnapshot {
  return events.reduce<PersistedSnapshot>((s, e) => applyEvent(trf, s, e)!, initialSnapshot(trf));
}

describe('live mode', () => {
  it('finds the active states of a stored snapshot, ancestors included', () => {
    const ids = activeStateIds(trf, after({ type: 'SUBMIT' }, { type: 'ACCEPT_APPLICATION' }));
    expect([...ids].sort()).toEqual(['inProgress', 'trf', 'trf.quotation', 'trf.quotation.none', 'trf.status', 'trf.status.inProgress.applicationAccepted'].sort());
  });

  it('splits the transitions open now into takeable (permitted) and forbidden', () => {
    const snapshot = after({ type: 'SUBMIT' });
    const availability = deriveActions(reg, snapshot, toPermissionMap(['trf:withdraw', 'trf:cancel']), 'en-US');
    const live = liveTransitions(trf, snapshot, availability, samples);
    expect([...live.takeable].sort()).toEqual(['submitted|CANCEL|0', 'submitted|WITHDRAW|0']);
    expect([...live.forbidden].sort()).toEqual(['submitted|ACCEPT_APPLICATION|0', 'submitted|RETURN|0', 'submitted|TRANSFER|0', 'trf.quotation.none|SEND_QUOTATION|0']);
  });

  it('draws the audit trail as the path the record took, region by region, with step numbers', () => {
    const regions = reg.entity.lifecycle!.regions;
    const path = historyPath(
      graph,
      [
        { kind: 'create', toStates: { $status: 'draft', $quotationStatus: 'none' } },
        { kind: 'event', event: 'SUBMIT', fromStates: { $status: 'draft', $quotationStatus: 'none' }, toStates: { $status: 'submitted', $quotationStatus: 'none' } },
        { kind: 'update', fromStates: { $status: 'submitted', $quotationStatus: 'none' } },
        { kind: 'event', event: 'SEND_QUOTATION', fromStates: { $status: 'submitted', $quotationStatus: 'none' }, toStates: { $status: 'submitted', $quotationStatus: 'confirming' } },
        { kind: 'event', event: 'ACCEPT_APPLICATION', fromStates: { $status: 'submitted', $quotationStatus: 'confirming' }, toStates: { $status: 'applicationAccepted', $quotationStatus: 'confirming' } },
        { kind: 'event', event: 'PEND', fromStates: { $status: 'applicationAccepted', $quotationStatus: 'confirming' }, toStates: { $status: 'pending', $quotationStatus: 'confirming' } },
        { kind: 'event', event: 'RESUME', fromStates: { $status: 'pending', $quotationStatus: 'confirming' }, toStates: { $status: 'applicationAccepted', $quotationStatus: 'confirming' } },
      ],
      regions,
    );
    expect(Object.fromEntries(path.edges)).toEqual({
      'trf.status.draft|SUBMIT|0': [1],
      'trf.quotation.none|SEND_QUOTATION|0': [2],
      'submitted|ACCEPT_APPLICATION|0': [3],
      'inProgress|PEND|0': [4],
      'trf.status.pending|RESUME|0': [5],
    });
    expect(path.states.has('trf.status.pending')).toBe(true);
    expect(path.states.has('trf.quotation.confirming')).toBe(true);
  });
});

describe('simulation mode', () => {
  const fx = describeMachine(fixtureMachine);
  const fxSamples = sampleEvents(fx, fixtureMachine);

  it('starts at the initial state and moves with the events a reviewer fires, logging transitions', () => {
    let sim = startSimulation(fixtureMachine, fx);
    expect(sim.steps[0]!.states).toEqual(['fx.idle']);
    const go: { type: string; amount: number } = { type: 'GO', amount: 20 };
    const next = simulateEvent(fixtureMachine, fx, sim, go);
    expect(next).toBeDefined();
    sim = next!;
    expect(sim.steps[1]!.edgeIds).toEqual(['fx.idle|GO|0', 'fx.busy|always|0']);
    expect(sim.steps[1]!.states).toEqual(['fx.done']);
  });

  it('refuses an event the machine does not take', () => {
    const sim = startSimulation(fixtureMachine, fx);
    expect(simulateEvent(fixtureMachine, fx, sim, { type: 'FINISH' })).toBeUndefined();
  });

  it('offers each transition leaving the active states with the sample event that takes it', () => {
    const sim = startSimulation(fixtureMachine, fx);
    const choices = simulationChoices(fixtureMachine, fx, sim, fxSamples);
    const byEdge = Object.fromEntries(choices.map((c) => [c.edge.id, c.event]));
    expect(byEdge['fx.idle|GO|0']).toEqual({ type: 'GO', amount: 20 });
    expect(byEdge['fx.idle|GO|1']).toEqual({ type: 'GO', amount: 5 });
    expect(byEdge['fx.idle|NOTE|0']).toEqual({ type: 'NOTE' });
    expect(byEdge['fx.idle|xstate.after.shortWait.fx.idle|0']).toEqual({ type: 'xstate.after.shortWait.fx.idle' });
    expect('fx.idle|xstate.after.1000.fx.idle|0' in byEdge).toBe(true);
  });

  it('runs invoked actors inert and lets the reviewer deliver their results', () => {
    const push = machines.pushStatus;
    const g = describeMachine(push);
    const s = sampleEvents(g, push);
    let sim = startSimulation(push, g);
    sim = simulateEvent(push, g, sim, s.get('PUSH')![0]!)!;
    expect(sim.steps.at(-1)!.states).toEqual(['pushStatus.pushing']);
    sim = simulateEvent(push, g, sim, s.get('xstate.done.actor.push')![0]!)!;
    expect(sim.steps.at(-1)!.states).toEqual(['pushStatus.pushed']);
  });
});
