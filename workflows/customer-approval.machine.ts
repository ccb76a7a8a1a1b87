import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * Certification of a customer company (SPEC §4 "Customer approval"): the customer confirms by
 * email (emailConfirm, not certified), then waits in the provider's queue (todo, to be
 * certified) until approved (certified) or refused. The server drives it when the provider
 * decides a new company's first account (server/accounts/approval.ts), or from the company's
 * record (schemas/company/: /customer/management); registration verifies the address before the
 * company exists, so a company starts in `todo`. Its profile stays editable in every state (by
 * its customer admin and staff). A company staff register themselves starts `approved`.
 * Rules: customer-approval.rules.md.
 */
export type CustomerApprovalEvent =
  | { type: 'EMAIL_CONFIRMED'; code: string }
  | { type: 'APPROVE' }
  | { type: 'REFUSE'; reason: string }
  | { type: 'REAPPLY' };

export const customerApprovalMachine = setup({
  types: {
    events: {} as CustomerApprovalEvent,
    emitted: {} as { type: 'sendEmail'; to: 'customer'; template: string; reason?: string },
  },
  guards: {
    isVerificationCode: ({ event }, params: { length: number }) =>
      event.type === 'EMAIL_CONFIRMED' && new RegExp(`^\\d{${params.length}}$`).test(event.code),
    hasReason: ({ event }) => event.type === 'REFUSE' && typeof event.reason === 'string' && event.reason.trim().length > 0,
  },
  actions: {
    /** An effect (docs/declarations.md §4), mailed to the customer's applicant after the transition commits; a refusal carries its reason. */
    sendEmail: emit(({ event }, params: { template: string }) => ({
      type: 'sendEmail' as const,
      to: 'customer' as const,
      template: params.template,
      ...(event.type === 'REFUSE' ? { reason: event.reason } : {}),
    })),
  },
}).createMachine({
  id: 'customerApproval',
  initial: 'emailConfirm',
  meta: machineMeta<CustomerApprovalEvent>({
    label: L('客户认证', 'Customer approval'),
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      isVerificationCode: L('验证码为 {length} 位', 'the code has {length} digits'),
    },
    events: {
      EMAIL_CONFIRMED: { label: L('邮箱已确认', 'Email confirmed'), examples: [{ code: '123456' }] },
      APPROVE: { label: L('认证通过', 'Approve') },
      REFUSE: { label: L('拒绝', 'Refuse'), examples: [{ reason: 'Business licence expired' }] },
      REAPPLY: { label: L('重新申请', 'Apply again') },
    },
  }),
  states: {
    emailConfirm: {
      meta: meta({ label: L('未认证（待邮箱确认）', 'Not certified (email confirmation)'), editable: '*', description: L('确认码在客户索取时发出。', 'The confirmation code is mailed when the customer asks for it.') }),
      on: { EMAIL_CONFIRMED: { target: 'todo', guard: { type: 'isVerificationCode', params: { length: 6 } } } },
    },
    todo: {
      meta: meta({ label: L('待认证', 'To be certified'), editable: '*', description: L('在服务商的审核队列中。', 'In the provider’s review queue.') }),
      on: {
        APPROVE: { target: 'approved', actions: { type: 'sendEmail', params: { template: 'customerCertified' } } },
        REFUSE: { target: 'refused', guard: 'hasReason', actions: { type: 'sendEmail', params: { template: 'customerRefused' } } },
      },
    },
    approved: { type: 'final', meta: meta({ label: L('已认证', 'Certified'), editable: '*' }) },
    refused: {
      meta: meta({ label: L('已拒绝', 'Refused'), editable: '*' }),
      on: { REAPPLY: 'emailConfirm' },
    },
  },
});
