import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * Approval of a new user account in a customer company (SPEC §4 "Account approval"): waiting
 * for the applicant's email confirmation → to be reviewed by the company admin → email
 * confirmed (the admin confirmed the applicant by email) → approved by the provider (then
 * account-status.machine.ts enables, disables and reclaims it). The server
 * drives it (server/accounts/approval.ts): decisions, audit rows and the decision mails (the
 * `sendEmail` effects) come from here. Rules: account-approval.rules.md.
 */
export type AccountApprovalEvent =
  | { type: 'EMAIL_VERIFIED'; code: string }
  | { type: 'RESEND_CODE' }
  | { type: 'ADMIN_CONFIRMED' }
  /** `companyAdmin`: the company has an admin who confirms its applicants (a new company's first account has none). */
  | { type: 'APPROVE'; companyAdmin: boolean }
  | { type: 'REJECT'; reason: string };

/** A verification code may take up to 5 minutes to arrive (SPEC §9); resending waits that long. */
export const CODE_DELIVERY_MS = 5 * 60 * 1000;

export const accountApprovalMachine = setup({
  types: {
    events: {} as AccountApprovalEvent,
    emitted: {} as { type: 'sendEmail'; to: 'applicant' | 'companyAdmin'; template: string; reason?: string } | { type: 'notify'; event: 'accountApproved' },
  },
  guards: {
    isVerificationCode: ({ event }, params: { length: number }) =>
      event.type === 'EMAIL_VERIFIED' && new RegExp(`^\\d{${params.length}}$`).test(event.code),
    hasReason: ({ event }) => event.type === 'REJECT' && typeof event.reason === 'string' && event.reason.trim().length > 0,
    noCompanyAdmin: ({ event }) => event.type === 'APPROVE' && !event.companyAdmin,
  },
  actions: {
    /** An effect (docs/declarations.md §4): the server mails it after the transition commits. A refusal carries its reason. */
    sendEmail: emit(({ event }, params: { to: 'applicant' | 'companyAdmin'; template: string }) => ({
      type: 'sendEmail' as const,
      ...params,
      ...(event.type === 'REJECT' ? { reason: event.reason } : {}),
    })),
    /**
     * A notification (docs/declarations.md §4, notifications): after the commit the server tells the
     * applicant by in-app message and/or email, as their notification settings for the event choose.
     */
    notify: emit((_, params: { event: 'accountApproved' }) => ({ type: 'notify' as const, ...params })),
  },
  delays: { codeDelivery: CODE_DELIVERY_MS },
}).createMachine({
  id: 'accountApproval',
  initial: 'waitingForEmailConfirmation',
  meta: machineMeta<AccountApprovalEvent>({
    label: L('账号审批', 'Account approval'),
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      noCompanyAdmin: L('公司尚无管理员（新公司的首个账号）', 'the company has no admin yet (a new company’s first account)'),
      isVerificationCode: L('验证码为 {length} 位', 'the code has {length} digits'),
    },
    events: {
      EMAIL_VERIFIED: { label: L('邮箱验证', 'Verify email'), examples: [{ code: '654321' }] },
      RESEND_CODE: { label: L('重发验证码', 'Resend code') },
      ADMIN_CONFIRMED: { label: L('管理员邮件确认', 'Admin confirmed by email') },
      APPROVE: { label: L('审批通过', 'Approve'), examples: [{ companyAdmin: false }, { companyAdmin: true }] },
      REJECT: { label: L('驳回', 'Reject'), examples: [{ reason: 'Not an employee' }] },
    },
  }),
  states: {
    waitingForEmailConfirmation: {
      initial: 'codeSent',
      meta: meta({ label: L('待邮箱确认', 'Waiting for email confirmation') }),
      on: { EMAIL_VERIFIED: { target: 'toBeReviewed', guard: { type: 'isVerificationCode', params: { length: 6 } } } },
      states: {
        codeSent: {
          meta: meta({ label: L('验证码已发送', 'Code sent'), description: L('验证码在申请人索取时发出，账号尚未建立。', 'The code is mailed when the applicant asks for it, before the account exists.') }),
          after: { codeDelivery: 'resendAvailable' },
        },
        resendAvailable: {
          meta: meta({ label: L('可重发', 'Resend available') }),
          on: { RESEND_CODE: 'codeSent' },
        },
      },
    },
    toBeReviewed: {
      meta: meta({ label: L('待审核', 'To be reviewed'), description: L('已发邮件请公司管理员确认申请人。', 'The company admin is asked by email to confirm the applicant.') }),
      entry: { type: 'sendEmail', params: { to: 'companyAdmin', template: 'confirmApplicant' } },
      on: {
        ADMIN_CONFIRMED: 'emailConfirmed',
        APPROVE: { target: 'approved', guard: 'noCompanyAdmin', actions: { type: 'notify', params: { event: 'accountApproved' } } },
        REJECT: { target: 'rejected', guard: 'hasReason' },
      },
    },
    emailConfirmed: {
      meta: meta({ label: L('邮件已确认', 'Email confirmed'), description: L('公司管理员已确认；由服务商审批账号。', 'Confirmed by the company admin; the provider approves the account.') }),
      on: {
        APPROVE: { target: 'approved', actions: { type: 'notify', params: { event: 'accountApproved' } } },
        REJECT: { target: 'rejected', guard: 'hasReason' },
      },
    },
    approved: {
      type: 'final',
      meta: meta({ label: L('已通过', 'Approved'), description: L('之后由账号启用状态机管理启用、停用与回收。', 'From here account-status.machine.ts enables, disables and reclaims the account.') }),
    },
    rejected: {
      type: 'final',
      meta: meta({ label: L('已驳回', 'Rejected') }),
      entry: { type: 'sendEmail', params: { to: 'applicant', template: 'accountRejected' } },
    },
  },
});
