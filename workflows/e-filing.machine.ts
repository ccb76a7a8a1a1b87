import { emit, setup } from 'xstate';
import { hostPromise } from './effects.ts';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * A US CPSC eFiling certificate (SPEC §4 "E-filing"): saved, submitted for validation,
 * validated or sent back for rework, pended and unpended, sent to the regulator; every step is
 * written to the filing's log. Rules: e-filing.rules.md.
 */
export type EFilingEvent =
  | { type: 'SAVE' }
  | { type: 'SUBMIT' }
  | { type: 'REWORK'; reason: string }
  | { type: 'PEND'; reason: string }
  | { type: 'UNPEND' }
  | { type: 'SEND_TO_REGULATOR' };

export interface FilingValidation {
  valid: boolean;
  errors: string[];
}

type LogParams = { entry: string };

export const eFilingMachine = setup({
  types: {
    events: {} as EFilingEvent,
    emitted: {} as { type: 'log'; entry: string },
  },
  guards: {
    hasReason: ({ event }) => 'reason' in event && event.reason.trim().length > 0,
    isValid: ({ event }) => (event as unknown as { output?: FilingValidation }).output?.valid === true,
  },
  actions: {
    /** Appends a line to the filing's log (the host stores it with the time and the user). */
    log: emit((_, params: LogParams) => ({ type: 'log' as const, entry: params.entry })),
  },
  actors: {
    validateFiling: hostPromise<FilingValidation, void>('validateFiling'),
    transmitToRegulator: hostPromise<{ receiptNo: string }, void>('transmitToRegulator'),
  },
}).createMachine({
  id: 'eFiling',
  initial: 'active',
  meta: machineMeta<EFilingEvent>({
    label: L('电子申报', 'E-filing'),
    specification: { reason: L('规格：电子申报模块尚未实现；需要服务器能运行的校验与报送（声明的副作用），由该模块接入。', 'Specification: the e-filing module is not built yet; it needs validation and transmission as declared effects the server runs, and will wire them.') },
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      isValid: L('校验通过', 'the check passed'),
    },
    events: {
      SAVE: { label: L('保存', 'Save') },
      SUBMIT: { label: L('提交', 'Submit') },
      REWORK: { label: L('退回修改', 'Send back for rework'), examples: [{ reason: 'Lab id missing' }] },
      PEND: { label: L('挂起', 'Pend'), examples: [{ reason: 'Waiting for the test report' }] },
      UNPEND: { label: L('取消挂起', 'Unpend') },
      SEND_TO_REGULATOR: { label: L('发送至监管机构', 'Send to the regulator') },
      'xstate.done.actor.validation': {
        label: L('校验完成', 'Validation finished'),
        examples: [{ output: { valid: true, errors: [] } }, { output: { valid: false, errors: ['GTIN check digit'] } }],
      },
      'xstate.error.actor.validation': { label: L('校验出错', 'Validation error'), examples: [{ error: 'Service unavailable' }] },
      'xstate.done.actor.transmission': { label: L('已送达', 'Delivered'), examples: [{ output: { receiptNo: 'CPSC-0001' } }] },
      'xstate.error.actor.transmission': { label: L('发送失败', 'Sending failed'), examples: [{ error: 'Regulator unreachable' }] },
    },
  }),
  states: {
    active: {
      initial: 'editing',
      meta: meta({ label: L('办理中', 'Active') }),
      on: { PEND: { target: 'pending', guard: 'hasReason' } },
      states: {
        editing: {
          initial: 'saved',
          meta: meta({ label: L('编辑', 'Editing') }),
          on: { SUBMIT: 'submitted', SAVE: { actions: { type: 'log', params: { entry: 'saved' } } } },
          states: {
            saved: { meta: meta({ label: L('已保存', 'Saved'), description: L('草稿：保存时不做校验。', 'A draft: saved without validation.') }) },
            rework: {
              meta: meta({ label: L('待修改', 'Rework'), description: L('校验未通过或被审核人退回；修改后重新提交。', 'Sent back by validation or by the reviewer; corrected and submitted again.') }),
              entry: { type: 'log', params: { entry: 'rework' } },
            },
          },
        },
        submitted: {
          meta: meta({ label: L('已提交', 'Submitted') }),
          entry: { type: 'log', params: { entry: 'submitted' } },
          invoke: {
            id: 'validation',
            src: 'validateFiling',
            onDone: [{ target: 'validated', guard: 'isValid' }, { target: 'editing.rework' }],
            onError: { target: 'editing.rework', actions: { type: 'log', params: { entry: 'validationError' } } },
          },
        },
        validated: {
          meta: meta({ label: L('已校验', 'Validated') }),
          entry: { type: 'log', params: { entry: 'validated' } },
          on: {
            SEND_TO_REGULATOR: '#eFiling.sending',
            REWORK: { target: 'editing.rework', guard: 'hasReason' },
          },
        },
        history: { type: 'history', history: 'deep' },
      },
    },
    pending: {
      meta: meta({ label: L('已挂起', 'Pending'), description: L('已挂起；取消挂起后回到挂起前的那一步。', 'On hold; unpending returns to the exact step it was in.') }),
      entry: { type: 'log', params: { entry: 'pending' } },
      exit: { type: 'log', params: { entry: 'unpending' } },
      on: { UNPEND: 'active.history' },
    },
    sending: {
      meta: meta({ label: L('发送中', 'Sending') }),
      invoke: {
        id: 'transmission',
        src: 'transmitToRegulator',
        onDone: 'sentToRegulator',
        onError: { target: 'active.validated', actions: { type: 'log', params: { entry: 'sendingFailed' } } },
      },
    },
    sentToRegulator: {
      type: 'final',
      meta: meta({ label: L('已报送监管机构', 'Sent to the regulator') }),
      entry: { type: 'log', params: { entry: 'sentToRegulator' } },
    },
  },
});
