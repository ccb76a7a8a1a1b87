import { assign, emit, raise, setup } from 'xstate';
import { hostPromise } from './effects.ts';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * The maintenance notice as one browser session sees it (SPEC §4 "Maintenance notice", §9:
 * polling every 30 minutes on weekdays, 10 on weekends; §7 and §4 "push / not pushed": while the
 * publish-status push is connected the notice is pushed and not polled). finalPublishStatus
 * 1 = upcoming, 2 = in progress, 0 = finished. Rules: maintenance-notice.rules.md.
 */
export interface MaintenanceNotice {
  finalPublishStatus: 0 | 1 | 2;
  startTime: string;
  endTime: string;
  /** The host's clock when the notice was fetched (ISO 8601), so guards stay pure. */
  now: string;
  isWeekend: boolean;
}

export type MaintenanceNoticeEvent =
  | { type: 'SESSION_STARTED'; whitelisted: boolean }
  | ({ type: 'NOTICE_RECEIVED' } & MaintenanceNotice)
  | { type: 'LOGGED_OUT' }
  /** The publish-status push is connected: pushed notices arrive as NOTICE_RECEIVED, polling stops. */
  | { type: 'PUSH_CONNECTED' }
  /** The push is lost: not pushed, the notice is polled again, at once. */
  | { type: 'PUSH_LOST' };

export const POLL_WEEKDAY_MS = 30 * 60 * 1000;
export const POLL_WEEKEND_MS = 10 * 60 * 1000;

const notice = (event: MaintenanceNoticeEvent) => (event.type === 'NOTICE_RECEIVED' ? event : undefined);

export const maintenanceNoticeMachine = setup({
  types: {
    context: {} as { alertedStartTime: string | null; isWeekend: boolean },
    events: {} as MaintenanceNoticeEvent,
    emitted: {} as { type: 'alertUpcoming'; startTime: string } | { type: 'blockingDialog'; open: boolean } | { type: 'clearNoticeStorage' },
  },
  guards: {
    isWhitelisted: ({ event }) => event.type === 'SESSION_STARTED' && event.whitelisted,
    isPublishStatus: ({ event }, params: { status: 0 | 1 | 2 }) => notice(event)?.finalPublishStatus === params.status,
    isNewUpcoming: ({ context, event }) => {
      const n = notice(event);
      return n?.finalPublishStatus === 1 && n.startTime > n.now && n.startTime !== context.alertedStartTime;
    },
    isStalePast: ({ event }) => {
      const n = notice(event);
      return n?.finalPublishStatus === 1 && n.startTime <= n.now;
    },
  },
  actions: {
    alertUpcoming: emit(({ event }) => ({ type: 'alertUpcoming' as const, startTime: notice(event)?.startTime ?? '' })),
    rememberAlert: assign({ alertedStartTime: ({ event }) => notice(event)?.startTime ?? null }),
    rememberDay: assign({ isWeekend: ({ event }) => (event as unknown as { output: MaintenanceNotice }).output.isWeekend }),
    openBlockingDialog: emit({ type: 'blockingDialog' as const, open: true }),
    closeBlockingDialog: emit({ type: 'blockingDialog' as const, open: false }),
    clearNoticeStorage: emit({ type: 'clearNoticeStorage' as const }),
    forwardNotice: raise(({ event }) => ({ type: 'NOTICE_RECEIVED' as const, ...(event as unknown as { output: MaintenanceNotice }).output })),
  },
  actors: {
    fetchNotice: hostPromise<MaintenanceNotice, void>('fetchNotice'),
  },
  delays: {
    pollInterval: ({ context }) => (context.isWeekend ? POLL_WEEKEND_MS : POLL_WEEKDAY_MS),
  },
}).createMachine({
  id: 'maintenanceNotice',
  initial: 'idle',
  context: { alertedStartTime: null, isWeekend: false },
  meta: machineMeta<MaintenanceNoticeEvent>({
    label: L('系统维护通知', 'Maintenance notice'),
    guards: {
      isNewUpcoming: L('有新的即将开始的通知', 'a new upcoming notice'),
      isPublishStatus: L('发布状态为 {status}', 'the publish status is {status}'),
      isStalePast: L('通知已过期', 'the notice is past'),
      isWhitelisted: L('账号在白名单中', 'the account is on the white list'),
    },
    delays: {
      pollInterval: L('轮询间隔', 'the poll interval'),
    },
    events: {
      SESSION_STARTED: { label: L('会话开始', 'Session started'), examples: [{ whitelisted: false }, { whitelisted: true }] },
      NOTICE_RECEIVED: {
        label: L('收到通知', 'Notice received'),
        examples: [
          { finalPublishStatus: 1, startTime: '2021-03-26T20:00:00Z', endTime: '2021-03-28T08:00:00Z', now: '2021-03-26T10:00:00Z', isWeekend: false },
          { finalPublishStatus: 1, startTime: '2021-03-26T20:00:00Z', endTime: '2021-03-28T08:00:00Z', now: '2021-03-26T21:00:00Z', isWeekend: false },
          { finalPublishStatus: 2, startTime: '2021-03-26T20:00:00Z', endTime: '2021-03-28T08:00:00Z', now: '2021-03-27T10:00:00Z', isWeekend: true },
          { finalPublishStatus: 0, startTime: '2021-03-26T20:00:00Z', endTime: '2021-03-28T08:00:00Z', now: '2021-03-28T09:00:00Z', isWeekend: false },
        ],
      },
      LOGGED_OUT: { label: L('退出登录', 'Logged out') },
      PUSH_CONNECTED: { label: L('推送已连接', 'Push connected') },
      PUSH_LOST: { label: L('推送已断开', 'Push lost') },
      'xstate.done.actor.noticeFetch': {
        label: L('已获取通知', 'Notice fetched'),
        examples: [{ output: { finalPublishStatus: 2, startTime: '2021-03-26T20:00:00Z', endTime: '2021-03-28T08:00:00Z', now: '2021-03-27T10:00:00Z', isWeekend: true } }],
      },
      'xstate.error.actor.noticeFetch': { label: L('获取失败', 'Fetch failed'), examples: [{ error: 'Network error' }] },
    },
  }),
  states: {
    idle: {
      meta: meta({ label: L('未登录', 'No session') }),
      on: { SESSION_STARTED: [{ target: 'exempt', guard: 'isWhitelisted' }, { target: 'monitoring' }] },
    },
    exempt: {
      type: 'final',
      meta: meta({ label: L('白名单（不提示）', 'Whitelisted (never notified)') }),
    },
    monitoring: {
      type: 'parallel',
      meta: meta({ label: L('监测中', 'Monitoring') }),
      on: { LOGGED_OUT: { target: 'idle', actions: 'clearNoticeStorage' } },
      states: {
        polling: {
          initial: 'fetching',
          meta: meta({ label: L('轮询', 'Polling') }),
          on: { PUSH_CONNECTED: '.pushed' },
          states: {
            fetching: {
              meta: meta({ label: L('获取中', 'Fetching') }),
              invoke: { id: 'noticeFetch', src: 'fetchNotice', onDone: { target: 'waiting', actions: ['rememberDay', 'forwardNotice'] }, onError: 'waiting' },
            },
            waiting: {
              meta: meta({ label: L('等待下次轮询', 'Waiting'), description: L('工作日每 30 分钟，周末每 10 分钟。', 'Weekdays every 30 min, weekends every 10 min.') }),
              after: { pollInterval: 'fetching' },
            },
            pushed: {
              meta: meta({ label: L('已推送（不轮询）', 'Pushed (not polled)'), description: L('发布状态为推送方式；推送断开后立即轮询。', 'The publish status is pushed over STOMP; when the push is lost, polled at once.') }),
              on: { PUSH_LOST: 'fetching' },
            },
          },
        },
        notice: {
          initial: 'none',
          meta: meta({ label: L('通知', 'Notice') }),
          states: {
            none: {
              meta: meta({ label: L('无通知', 'None') }),
              on: {
                NOTICE_RECEIVED: [
                  { target: 'inProgress', guard: { type: 'isPublishStatus', params: { status: 2 } } },
                  { target: 'upcoming', guard: 'isNewUpcoming' },
                ],
              },
            },
            upcoming: {
              meta: meta({ label: L('即将维护 (1)', 'Upcoming (1)'), description: L('一次性提醒维护开始时间：请保存工作并退出登录。', 'A one-time alert with the start time: save your work and log off.') }),
              entry: ['alertUpcoming', 'rememberAlert'],
              on: {
                NOTICE_RECEIVED: [
                  { target: 'inProgress', guard: { type: 'isPublishStatus', params: { status: 2 } } },
                  { target: 'finished', guard: { type: 'isPublishStatus', params: { status: 0 } } },
                  { target: 'none', guard: 'isStalePast' },
                ],
              },
            },
            inProgress: {
              meta: meta({ label: L('维护中 (2)', 'In progress (2)'), description: L('无法关闭的阻断对话框，显示预计结束时间。', 'A blocking dialog without a close button, with the expected finish time.') }),
              entry: 'openBlockingDialog',
              exit: 'closeBlockingDialog',
              on: { NOTICE_RECEIVED: { target: 'finished', guard: { type: 'isPublishStatus', params: { status: 0 } } } },
            },
            finished: {
              meta: meta({ label: L('已结束 (0)', 'Finished (0)') }),
              entry: 'clearNoticeStorage',
              on: {
                NOTICE_RECEIVED: [
                  { target: 'inProgress', guard: { type: 'isPublishStatus', params: { status: 2 } } },
                  { target: 'upcoming', guard: 'isNewUpcoming' },
                ],
              },
            },
          },
        },
      },
    },
  },
});
