import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * An authorization: a company grants another company access by company number and account
 * (SPEC §4 "Authorization / authority", §6). Rules: authorization.rules.md.
 */
export type AuthorizationEvent =
  | { type: 'APPROVE' }
  | { type: 'REJECT'; reason: string }
  | { type: 'CANCEL' }
  | { type: 'RESUBMIT' };

export const authorizationMachine = setup({
  types: {
    events: {} as AuthorizationEvent,
    emitted: {} as { type: 'notify'; party: 'grantor' | 'grantee'; template: string },
  },
  guards: {
    hasReason: ({ event }) => event.type === 'REJECT' && event.reason.trim().length > 0,
  },
  actions: {
    notify: emit((_, params: { party: 'grantor' | 'grantee'; template: string }) => ({ type: 'notify' as const, ...params })),
  },
}).createMachine({
  id: 'authorization',
  initial: 'toBeAudited',
  meta: machineMeta<AuthorizationEvent>({
    label: L('授权', 'Authorization'),
    specification: { reason: L('规格：授权模块（SPEC §4 授权）尚未实现，由该模块接入服务器。', 'Specification: the authorization module (SPEC §4 Authorization) is not built yet; it will run this machine on the server.') },
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
    },
    events: {
      APPROVE: { label: L('审核通过', 'Approve') },
      REJECT: { label: L('驳回', 'Reject'), examples: [{ reason: 'Unknown company number' }] },
      CANCEL: { label: L('取消授权', 'Cancel') },
      RESUBMIT: { label: L('重新提交', 'Resubmit') },
    },
  }),
  states: {
    toBeAudited: {
      meta: meta({ label: L('待审核', 'To be audited'), description: L('由被授权公司审核申请。', 'The grantee company reviews the request.') }),
      entry: { type: 'notify', params: { party: 'grantee', template: 'authorizationRequested' } },
      on: {
        APPROVE: { target: 'audited', actions: { type: 'notify', params: { party: 'grantor', template: 'authorizationApproved' } } },
        REJECT: { target: 'rejected', guard: 'hasReason', actions: { type: 'notify', params: { party: 'grantor', template: 'authorizationRejected' } } },
        CANCEL: 'cancelled',
      },
    },
    audited: {
      meta: meta({ label: L('已审核', 'Audited'), description: L('授权生效，直到任一方取消。', 'Access is granted until either side cancels it.') }),
      tags: ['accessGranted'],
      on: { CANCEL: { target: 'cancelled', actions: { type: 'notify', params: { party: 'grantee', template: 'authorizationCancelled' } } } },
    },
    rejected: {
      meta: meta({ label: L('已驳回', 'Rejected') }),
      on: { RESUBMIT: 'toBeAudited', CANCEL: 'cancelled' },
    },
    cancelled: { type: 'final', meta: meta({ label: L('已取消', 'Cancelled') }) },
  },
});
