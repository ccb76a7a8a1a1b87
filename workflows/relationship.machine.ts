import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * A supply-chain relationship (SPEC §3 Customer relationships; issue 14): a company invites
 * another as its supplier, buyer, agent, manufacturer or factory; the invited company accepts
 * or declines; either side ends it. Rules: relationship.rules.md. Which side may send each event
 * is the entity's `by` (schemas/relationship/relationship.entity.json). Entering `invited` (the
 * invitation made, or made again) sends the `relationshipInvited` mail, whose recipient and texts
 * the entity declares (its `mail`: the counterpart's contact, for a supplier's invitation).
 */
export type RelationshipEvent =
  | { type: 'ACCEPT' }
  | { type: 'DECLINE'; reason: string }
  | { type: 'WITHDRAW' }
  | { type: 'END'; reason: string }
  | { type: 'REINVITE' };

const PARTNER_FIELDS = ['supplierCode', 'tier', 'productCategory', 'department', 'remark'] as const;

export const relationshipMachine = setup({
  types: { events: {} as RelationshipEvent, emitted: {} as { type: 'sendEmail'; template: string } },
  actions: {
    sendEmail: emit((_, params: { template: string }) => ({ type: 'sendEmail' as const, template: params.template })),
  },
  guards: {
    hasReason: ({ event }) => 'reason' in event && typeof event.reason === 'string' && event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'relationship',
  initial: 'invited',
  meta: machineMeta<RelationshipEvent>({
    label: L('关系状态', 'Relationship status'),
    guards: { hasReason: L('已填写原因', 'a reason is given') },
    events: {
      ACCEPT: { label: L('接受邀请', 'Accept') },
      DECLINE: { label: L('拒绝邀请', 'Decline'), examples: [{ reason: 'Not our customer' }] },
      WITHDRAW: { label: L('撤回邀请', 'Withdraw') },
      END: { label: L('结束关系', 'End'), examples: [{ reason: 'Contract ended' }] },
      REINVITE: { label: L('重新邀请', 'Invite again') },
    },
  }),
  states: {
    invited: {
      entry: { type: 'sendEmail', params: { template: 'relationshipInvited' } },
      meta: meta({
        label: L('待接受', 'Invited'),
        editable: '*',
        description: L('邀请方可修改；被邀请的公司接受或拒绝。', 'The inviting company may still edit it; the invited company accepts or declines.'),
      }),
      on: {
        ACCEPT: 'active',
        DECLINE: { target: 'declined', guard: 'hasReason' },
        WITHDRAW: 'withdrawn',
      },
    },
    active: {
      meta: meta({
        label: L('合作中', 'Active'),
        editable: PARTNER_FIELDS,
        description: L('双方互相可见对方在记录中的业务数据；任一方可结束。', 'Each side sees the records naming the other; either side may end it.'),
      }),
      on: { END: { target: 'ended', guard: 'hasReason' } },
    },
    declined: {
      meta: meta({ label: L('已拒绝', 'Declined') }),
      on: { REINVITE: 'invited' },
    },
    withdrawn: {
      meta: meta({ label: L('已撤回', 'Withdrawn') }),
      on: { REINVITE: 'invited' },
    },
    ended: {
      meta: meta({ label: L('已结束', 'Ended') }),
      on: { REINVITE: 'invited' },
    },
  },
});
