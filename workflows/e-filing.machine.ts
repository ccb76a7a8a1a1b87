import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * A US CPSC eFiling certificate (SPEC §4 "E-filing"): saved (the form's Save, an edit in the
 * editing states; no event of its own), submitted, validated by a reviewer
 * or sent back for rework, pended and unpended (back to the exact step), sent to the regulator.
 * The `cpscTrfInfo` entity (schemas/cpscTrfInfo/) runs it. Sending emits `fileWithRegulator`,
 * written to the outbox with the transition and run by the server's handler
 * (server/efiling/): the regulator's answer comes back as the server-only events
 * REGULATOR_ACCEPTED / REGULATOR_REJECTED. Every step is in the certificate's log (its history),
 * every exchange with the regulator too. Rules: e-filing.rules.md.
 */
export type EFilingEvent =
  | { type: 'SUBMIT' }
  | { type: 'VALIDATE' }
  | { type: 'REWORK'; reason: string }
  | { type: 'PEND'; reason: string }
  | { type: 'UNPEND' }
  | { type: 'SEND_TO_REGULATOR' }
  | { type: 'REGULATOR_ACCEPTED'; referenceNo: string; versionId: string }
  | { type: 'REGULATOR_REJECTED'; reason: string };

const EDITABLE = '*' as const;

export const eFilingMachine = setup({
  types: {
    events: {} as EFilingEvent,
    emitted: {} as { type: 'fileWithRegulator' },
  },
  guards: {
    hasReason: ({ event }) => 'reason' in event && event.reason.trim().length > 0,
  },
  actions: {
    /** Sends the certificate to the regulator: an outbox effect the server's e-filing handler runs after the commit. */
    fileWithRegulator: emit({ type: 'fileWithRegulator' as const }),
  },
}).createMachine({
  id: 'eFiling',
  initial: 'active',
  meta: machineMeta<EFilingEvent>({
    label: L('电子申报', 'E-filing'),
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
    },
    events: {
      SUBMIT: { label: L('提交', 'Submit') },
      VALIDATE: { label: L('校验通过', 'Validate') },
      REWORK: { label: L('退回修改', 'Send back for rework'), examples: [{ reason: 'Lab id missing' }] },
      PEND: { label: L('挂起', 'Pend'), examples: [{ reason: 'Waiting for the test report' }] },
      UNPEND: { label: L('取消挂起', 'Unpend') },
      SEND_TO_REGULATOR: { label: L('发送至监管机构', 'Send to the regulator') },
      REGULATOR_ACCEPTED: { label: L('监管机构已受理', 'Accepted by the regulator'), examples: [{ referenceNo: 'CPSC-0001', versionId: '1' }] },
      REGULATOR_REJECTED: { label: L('监管机构未受理', 'Refused by the regulator'), examples: [{ reason: 'keyExpired' }] },
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
          meta: meta({ label: L('编辑', 'Editing'), editable: EDITABLE }),
          on: { SUBMIT: 'submitted' },
          states: {
            saved: {
              meta: meta({ label: L('已保存', 'Saved'), editable: EDITABLE, draft: true, description: L('草稿：保存时不做必填检查。', 'A draft: saved without the required checks.') }),
            },
            rework: {
              meta: meta({ label: L('待修改', 'Rework'), editable: EDITABLE, description: L('审核人附原因退回；修改后重新提交。', 'Sent back by the reviewer with a reason; corrected and submitted again.') }),
            },
          },
        },
        submitted: {
          meta: meta({ label: L('已提交', 'Submitted'), description: L('等待审核人校验证书。', 'Waiting for the reviewer to validate the certificate.') }),
          on: {
            VALIDATE: 'validated',
            REWORK: { target: 'editing.rework', guard: 'hasReason' },
          },
        },
        validated: {
          meta: meta({ label: L('已校验', 'Validated'), description: L('可发送至监管机构；监管机构未受理时回到此步并记录原因。', 'Ready for the regulator; a refusal by the regulator comes back here with its reason.') }),
          on: {
            SEND_TO_REGULATOR: { target: '#eFiling.sending', actions: 'fileWithRegulator' },
            REWORK: { target: 'editing.rework', guard: 'hasReason' },
          },
        },
        history: { type: 'history', history: 'deep' },
      },
    },
    pending: {
      meta: meta({ label: L('已挂起', 'Pending'), description: L('已挂起；取消挂起后回到挂起前的那一步。', 'On hold; unpending returns to the exact step it was in.') }),
      on: { UNPEND: 'active.history' },
    },
    sending: {
      meta: meta({ label: L('发送中', 'Sending'), description: L('证书已进入发件箱，正在提交监管机构（失败时按退避重试）。', 'The certificate is in the outbox on its way to the regulator (retried with backoff).') }),
      on: {
        REGULATOR_ACCEPTED: 'filed',
        REGULATOR_REJECTED: 'active.validated',
      },
    },
    filed: {
      type: 'final',
      meta: meta({ label: L('已报送监管机构', 'Filed with the regulator'), description: L('监管机构已受理，返回了参考号与版本号。', 'Accepted by the regulator, with its reference no. and version id.') }),
    },
  },
});
