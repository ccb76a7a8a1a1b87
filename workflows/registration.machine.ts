import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * Self-registration of a customer (SPEC §4 "Registration"): email confirmation, then approval by
 * the provider (3 to 5 working days, SPEC §9). Rules: registration.rules.md.
 */
export type RegistrationEvent =
  | { type: 'EMAIL_CONFIRMED'; code: string }
  | { type: 'APPROVE' }
  | { type: 'REJECT'; reason: string }
  | { type: 'REMIND' };

export const registrationMachine = setup({
  types: {
    events: {} as RegistrationEvent,
    emitted: {} as { type: 'sendEmail'; template: string },
  },
  guards: {
    isVerificationCode: ({ event }, params: { length: number }) =>
      event.type === 'EMAIL_CONFIRMED' && new RegExp(`^\\d{${params.length}}$`).test(event.code),
    hasReason: ({ event }) => event.type === 'REJECT' && event.reason.trim().length > 0,
  },
  actions: {
    sendEmail: emit((_, params: { template: string }) => ({ type: 'sendEmail' as const, template: params.template })),
  },
}).createMachine({
  id: 'registration',
  initial: 'emailConfirmation',
  meta: machineMeta<RegistrationEvent>({
    label: L('注册', 'Registration'),
    specification: { reason: L('规格：注册是两次无状态请求（索取验证码；提交表单时校验验证码并建立账号），之后由账号审批与客户认证状态机驱动；本图概括申请人视角。', 'Specification: registration is two stateless requests (ask for a code; submit the form, which checks the code and makes the account), after which the account-approval and customer-approval machines drive it; this chart summarises the applicant’s view.') },
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      isVerificationCode: L('验证码为 {length} 位', 'the code has {length} digits'),
    },
    events: {
      EMAIL_CONFIRMED: { label: L('确认邮箱', 'Confirm email'), examples: [{ code: '246810' }] },
      APPROVE: { label: L('审批通过', 'Approve') },
      REJECT: { label: L('驳回', 'Reject'), examples: [{ reason: 'Duplicate company' }] },
      REMIND: { label: L('催办', 'Remind reviewer') },
    },
  }),
  states: {
    emailConfirmation: {
      meta: meta({ label: L('邮箱确认', 'Email confirmation') }),
      entry: { type: 'sendEmail', params: { template: 'registrationCode' } },
      on: { EMAIL_CONFIRMED: { target: 'providerApproval', guard: { type: 'isVerificationCode', params: { length: 6 } } } },
    },
    providerApproval: {
      meta: meta({ label: L('服务商审批', 'Provider approval'), description: L('服务商在 3 至 5 个工作日内审核。', 'Reviewed by the provider within 3 to 5 working days.') }),
      entry: { type: 'sendEmail', params: { template: 'registrationReceived' } },
      on: {
        APPROVE: 'registered',
        REJECT: { target: 'rejected', guard: 'hasReason' },
        REMIND: { actions: { type: 'sendEmail', params: { template: 'registrationReminder' } } },
      },
    },
    registered: {
      type: 'final',
      meta: meta({ label: L('注册成功', 'Registered') }),
      entry: { type: 'sendEmail', params: { template: 'registrationApproved' } },
    },
    rejected: {
      type: 'final',
      meta: meta({ label: L('已驳回', 'Rejected') }),
      entry: { type: 'sendEmail', params: { template: 'registrationRejected' } },
    },
  },
});
