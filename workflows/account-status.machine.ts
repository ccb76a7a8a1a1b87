import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * Whether an approved account may be used (SPEC §3 Account, §4 enable/disable, §9 reclaim):
 * enabled ⇄ disabled by an admin, enabled → reclaimed by the server's inactivity sweep, a
 * reclaimed account enabled again by an admin, and any of them closed for good by an admin (its
 * personal fields anonymised: server/accounts/closing.ts). The server drives it
 * (server/accounts/management.ts, server/accounts/reclaim.ts, server/accounts/closing.ts): the stored `users.account_state`
 * is this machine's state, every change an audit row with its mail effect in one transaction.
 * Rules: account-status.rules.md.
 */
export type AccountStatusEvent =
  /** `self`: the admin disables their own account; `lastAdmin`: it is the last enabled admin of its company. */
  | { type: 'DISABLE'; self: boolean; lastAdmin: boolean }
  | { type: 'ENABLE' }
  /** Closing for good (personal-data rights): the same facts as DISABLE. */
  | { type: 'CLOSE'; self: boolean; lastAdmin: boolean }
  /** The server's inactivity sweep: the last activity (login, approval, enabling) and its own clock, ISO 8601. */
  | { type: 'RECLAIM'; lastActiveAt: string; at: string };

/** An account unused this many months is reclaimed (SPEC §9). */
export const RECLAIM_AFTER_MONTHS = 24;

/** The moment an account last active at `lastActiveAt` becomes reclaimable (calendar months, UTC). */
export function reclaimableFrom(lastActiveAt: string): Date {
  const d = new Date(lastActiveAt);
  d.setUTCMonth(d.getUTCMonth() + RECLAIM_AFTER_MONTHS);
  return d;
}

export const accountStatusMachine = setup({
  types: {
    events: {} as AccountStatusEvent,
    emitted: {} as { type: 'sendEmail'; to: 'account'; template: string },
  },
  guards: {
    keepsAnAdmin: ({ event }) => (event.type === 'DISABLE' || event.type === 'CLOSE') && !event.self && !event.lastAdmin,
    inactiveTooLong: ({ event }) => event.type === 'RECLAIM' && Date.parse(event.at) >= reclaimableFrom(event.lastActiveAt).getTime(),
  },
  actions: {
    /** An effect (docs/declarations.md §4): the server mails it after the transition commits. */
    sendEmail: emit((_, params: { to: 'account'; template: string }) => ({ type: 'sendEmail' as const, ...params })),
  },
}).createMachine({
  id: 'accountStatus',
  initial: 'enabled',
  meta: machineMeta<AccountStatusEvent>({
    label: L('账号启用状态', 'Account enablement'),
    guards: {
      keepsAnAdmin: L('不是本人账号，也不是公司最后一个启用的管理员', 'not your own account, nor the last enabled admin of its company'),
      inactiveTooLong: L('超过 24 个月未使用', 'unused for 24 months'),
    },
    events: {
      DISABLE: { label: L('停用', 'Disable'), examples: [{ self: false, lastAdmin: false }, { self: true, lastAdmin: false }, { self: false, lastAdmin: true }] },
      ENABLE: { label: L('启用', 'Enable') },
      CLOSE: { label: L('注销账号', 'Close account'), examples: [{ self: false, lastAdmin: false }, { self: true, lastAdmin: false }, { self: false, lastAdmin: true }] },
      RECLAIM: { label: L('回收账号', 'Reclaim'), examples: [{ lastActiveAt: '2021-01-15T08:00:00Z', at: '2023-01-15T08:00:00Z' }, { lastActiveAt: '2022-01-15T08:00:00Z', at: '2023-01-15T08:00:00Z' }] },
    },
  }),
  states: {
    enabled: {
      meta: meta({ label: L('已启用', 'Enabled'), description: L('账号可以登录。', 'The account may log in.') }),
      on: {
        DISABLE: { target: 'disabled', guard: 'keepsAnAdmin' },
        CLOSE: { target: 'closed', guard: 'keepsAnAdmin' },
        RECLAIM: { target: 'reclaimed', guard: 'inactiveTooLong', actions: { type: 'sendEmail', params: { to: 'account', template: 'accountReclaimed' } } },
      },
    },
    disabled: {
      meta: meta({ label: L('已停用', 'Disabled'), description: L('管理员停用了账号：会话立即失效，不能登录。', 'An admin disabled the account: its sessions end at once and it cannot log in.') }),
      on: {
        ENABLE: { target: 'enabled', actions: { type: 'sendEmail', params: { to: 'account', template: 'accountEnabled' } } },
        CLOSE: { target: 'closed', guard: 'keepsAnAdmin' },
      },
    },
    reclaimed: {
      meta: meta({ label: L('已回收', 'Reclaimed'), description: L('超过 24 个月未登录，账号已回收（停用）。', 'Not logged in for 24 months: the account was reclaimed (disabled).') }),
      on: {
        ENABLE: { target: 'enabled', actions: { type: 'sendEmail', params: { to: 'account', template: 'accountEnabled' } } },
        CLOSE: { target: 'closed', guard: 'keepsAnAdmin' },
      },
    },
    closed: {
      type: 'final',
      meta: meta({
        label: L('已注销', 'Closed'),
        description: L('账号已永久注销：个人信息已匿名化，会话立即失效，不能再登录或启用。', 'The account is closed for good: its personal data is anonymised, its sessions end at once, and it can never log in or be enabled again.'),
      }),
    },
  },
});
