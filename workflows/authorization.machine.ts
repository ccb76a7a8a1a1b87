import { setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * An authorization: a company (the grantor, the record's owner) grants another company (the
 * grantee, by customer number and login account) read access to its records for a period
 * (SPEC §4 "Authorization / authority", §5 Authorization, §6). Rules: authorization.rules.md.
 * Which side may send each event is the entity's `by` (schemas/authorization/authorization.entity.json);
 * what an audited one grants is its `access.grantsVisibility`.
 */
export type AuthorizationEvent =
  | { type: 'APPROVE' }
  | { type: 'REJECT'; reason: string }
  | { type: 'CANCEL' }
  | { type: 'RESUBMIT' };

const REQUEST_FIELDS = ['grantee', 'validFrom', 'validTo', 'remark'] as const;

export const authorizationMachine = setup({
  types: { events: {} as AuthorizationEvent },
  guards: {
    hasReason: ({ event }) => event.type === 'REJECT' && typeof event.reason === 'string' && event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'authorization',
  initial: 'toBeAudited',
  meta: machineMeta<AuthorizationEvent>({
    label: L('授权状态', 'Authorization status'),
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
    },
    events: {
      APPROVE: { label: L('审核通过', 'Approve') },
      REJECT: { label: L('驳回', 'Reject'), examples: [{ reason: 'Unknown company number' }] },
      CANCEL: { label: L('取消授权', 'Cancel') },
      RESUBMIT: { label: L('重新申请', 'Request again') },
    },
  }),
  states: {
    toBeAudited: {
      meta: meta({
        label: L('待审核', 'To be audited'),
        editable: REQUEST_FIELDS,
        description: L('被授权公司审核申请；授权方可修改或取消。', 'The grantee company reviews the request; the grantor may still edit or cancel it.'),
      }),
      on: {
        APPROVE: 'audited',
        REJECT: { target: 'rejected', guard: 'hasReason' },
        CANCEL: 'cancelled',
      },
    },
    audited: {
      meta: meta({
        label: L('已审核', 'Audited'),
        description: L('有效期内，被授权公司可查看授权方的记录（只读）；授权方可取消。', 'Within its period the grantee reads the grantor\'s records (read-only); the grantor may cancel it.'),
      }),
      on: { CANCEL: 'cancelled' },
    },
    rejected: {
      meta: meta({
        label: L('已驳回', 'Rejected'),
        editable: REQUEST_FIELDS,
        description: L('授权方修改后可重新申请。', 'The grantor may correct it and request it again.'),
      }),
      on: { RESUBMIT: 'toBeAudited', CANCEL: 'cancelled' },
    },
    cancelled: {
      type: 'final',
      meta: meta({ label: L('已取消', 'Cancelled'), gone: L('授权已不存在', 'Authority is no longer existed') }),
    },
  },
});
