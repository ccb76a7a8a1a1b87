import { assign, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * A published maintenance notice on the server (SPEC §4 "Maintenance notice", §7): staff
 * publish it with a start and an expected finish; it starts and finishes on time by itself
 * (durable `after` timers the server's notice worker fires), or earlier by hand; an upcoming
 * notice may be withdrawn. Each state carries the finalPublishStatus clients poll (1 upcoming,
 * 2 in progress, 0 finished). The server drives it: server/notices/notice-lifecycle.ts.
 * Rules: notice-schedule.rules.md.
 */
export type NoticeScheduleEvent =
  /** `at`: when it was published (ISO 8601); the start timer counts from it. */
  | { type: 'PUBLISH'; startDateTime: string; finishDateTime: string; at: string }
  | { type: 'START'; at: string }
  | { type: 'FINISH' }
  | { type: 'WITHDRAW' };

export interface NoticeScheduleContext {
  startDateTime: string;
  finishDateTime: string;
  /** When the clock of the state's timer started: publishing, then the start. */
  since: string;
}

/** finalPublishStatus of each state (SPEC §4): what GET /api/sgs-im/im/getNotifyMsg reports. */
export const PUBLISH_STATUS: Readonly<Record<string, 0 | 1 | 2>> = { upcoming: 1, inProgress: 2, finished: 0, withdrawn: 0 };

const msBetween = (from: string, to: string) => Math.max(0, Date.parse(to) - Date.parse(from));

export const noticeScheduleMachine = setup({
  types: {
    context: {} as NoticeScheduleContext,
    events: {} as NoticeScheduleEvent,
  },
  actions: {
    schedule: assign(({ event }) =>
      event.type === 'PUBLISH' ? { startDateTime: event.startDateTime, finishDateTime: event.finishDateTime, since: event.at } : {},
    ),
    startNow: assign(({ event }) => (event.type === 'START' ? { since: event.at } : {})),
    startOnTime: assign(({ context }) => ({ since: context.startDateTime })),
  },
  delays: {
    untilStart: ({ context }) => msBetween(context.since, context.startDateTime),
    untilFinish: ({ context }) => msBetween(context.since, context.finishDateTime),
  },
}).createMachine({
  id: 'noticeSchedule',
  initial: 'draft',
  context: { startDateTime: '', finishDateTime: '', since: '' },
  meta: machineMeta<NoticeScheduleEvent>({
    label: L('维护通知发布', 'Maintenance notice schedule'),
    delays: {
      untilStart: L('到开始时间', 'until the start time'),
      untilFinish: L('到预计结束时间', 'until the expected finish'),
    },
    events: {
      PUBLISH: {
        label: L('发布', 'Publish'),
        examples: [{ startDateTime: '2021-03-26T20:00:00Z', finishDateTime: '2021-03-28T08:00:00Z', at: '2021-03-26T10:00:00Z' }],
      },
      START: { label: L('立即开始', 'Start now'), examples: [{ at: '2021-03-26T18:00:00Z' }] },
      FINISH: { label: L('立即结束', 'Finish now') },
      WITHDRAW: { label: L('撤回', 'Withdraw') },
    },
  }),
  states: {
    draft: {
      meta: meta({ label: L('草稿', 'Draft'), description: L('发布前只存在于表单中。', 'Exists only in the form until published.') }),
      on: { PUBLISH: { target: 'upcoming', actions: 'schedule' } },
    },
    upcoming: {
      meta: meta({ label: L('即将维护 (1)', 'Upcoming (1)') }),
      after: { untilStart: { target: 'inProgress', actions: 'startOnTime' } },
      on: {
        START: { target: 'inProgress', actions: 'startNow' },
        WITHDRAW: 'withdrawn',
      },
    },
    inProgress: {
      meta: meta({ label: L('维护中 (2)', 'In progress (2)') }),
      after: { untilFinish: 'finished' },
      on: { FINISH: 'finished' },
    },
    finished: { type: 'final', meta: meta({ label: L('已结束 (0)', 'Finished (0)') }) },
    withdrawn: { type: 'final', meta: meta({ label: L('已撤回 (0)', 'Withdrawn (0)') }) },
  },
});
