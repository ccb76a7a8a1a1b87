import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { maintenanceNoticeMachine, POLL_WEEKDAY_MS, type MaintenanceNotice } from '../../../workflows/maintenance-notice.machine.ts';

const finished: MaintenanceNotice = { finalPublishStatus: 0, startTime: '', endTime: '', now: '2021-03-26T10:00:00Z', isWeekend: false };
const inProgress: MaintenanceNotice = { finalPublishStatus: 2, startTime: '2021-03-26T09:00:00Z', endTime: '2021-03-26T12:00:00Z', now: '2021-03-26T10:00:00Z', isWeekend: false };
const settle = () => new Promise((done) => setTimeout(done, 0));

/** Issue 19: the maintenance notice pushed or polled — push / not pushed (SPEC §4) — with a fake fetch and xstate's simulated clock. */
describe('maintenance notice machine, pushed or polled', () => {
  const run = () => {
    let fetches = 0;
    const clock = new SimulatedClock();
    const actor = createActor(
      maintenanceNoticeMachine.provide({ actors: { fetchNotice: fromPromise(async () => (fetches++, finished)) } }),
      { clock },
    ).start();
    const dialog: boolean[] = [];
    actor.on('blockingDialog', (e) => dialog.push(e.open));
    return { actor, clock, dialog, fetches: () => fetches };
  };

  it('polls on the timer while not pushed, stops polling while pushed, and polls at once when the push is lost', async () => {
    const { actor, clock, fetches } = run();
    actor.send({ type: 'SESSION_STARTED', whitelisted: false });
    await settle();
    expect(fetches()).toBe(1);
    clock.increment(POLL_WEEKDAY_MS);
    await settle();
    expect(fetches()).toBe(2);

    actor.send({ type: 'PUSH_CONNECTED' });
    expect(actor.getSnapshot().matches({ monitoring: { polling: 'pushed' } })).toBe(true);
    clock.increment(POLL_WEEKDAY_MS * 3);
    await settle();
    expect(fetches()).toBe(2);

    actor.send({ type: 'PUSH_LOST' });
    await settle();
    expect(fetches()).toBe(3);
    clock.increment(POLL_WEEKDAY_MS);
    await settle();
    expect(fetches()).toBe(4);
  });

  it('takes a pushed notice as any other: in progress opens the blocking dialog, finished closes it', async () => {
    const { actor, dialog } = run();
    actor.send({ type: 'SESSION_STARTED', whitelisted: false });
    await settle();
    actor.send({ type: 'PUSH_CONNECTED' });
    actor.send({ type: 'NOTICE_RECEIVED', ...inProgress });
    expect(actor.getSnapshot().matches({ monitoring: { notice: 'inProgress', polling: 'pushed' } })).toBe(true);
    actor.send({ type: 'NOTICE_RECEIVED', ...finished });
    expect(actor.getSnapshot().matches({ monitoring: { notice: 'finished' } })).toBe(true);
    expect(dialog).toEqual([true, false]);
  });

  it('ignores the push before a session and for a whitelisted account', () => {
    const { actor } = run();
    actor.send({ type: 'PUSH_CONNECTED' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'SESSION_STARTED', whitelisted: true });
    actor.send({ type: 'PUSH_CONNECTED' });
    expect(actor.getSnapshot().value).toBe('exempt');
  });
});
