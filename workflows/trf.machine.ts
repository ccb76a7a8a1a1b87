import { setup, stateIn, or } from 'xstate';
import type { WorkflowStateMetaWithDescription } from './machine-meta.ts';

/**
 * The TRF lifecycle. Rules (SPEC §4 names the states; the rules are ours, see trf.rules.md):
 * two parallel regions — `status` (the request's progress) and `quotation`. Until the report is
 * issued, the applicant may hand the TRF to another account of its company (TRANSFER: no state change).
 */
export type TrfEvent =
  | { type: 'SUBMIT' }
  | { type: 'WITHDRAW' }
  | { type: 'RETURN'; reason: string }
  | { type: 'CANCEL' }
  | { type: 'DELETE' }
  | { type: 'ACCEPT_APPLICATION' }
  | { type: 'CONFIRM_SAMPLE_RECEIVED'; sampleReceivedDate: string }
  | { type: 'START_TESTING' }
  | { type: 'COMPLETE_TESTING' }
  | { type: 'ISSUE_REPORT' }
  | { type: 'PEND'; reason: string }
  | { type: 'RESUME' }
  | { type: 'SEND_QUOTATION' }
  | { type: 'CONFIRM_QUOTATION' }
  | { type: 'REJECT_QUOTATION'; reason: string }
  | { type: 'TRANSFER'; account: string };

const L = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const meta = (m: WorkflowStateMetaWithDescription): WorkflowStateMetaWithDescription => m;

/** Fields a party may still correct after submission (delivery details and the remark). */
const AFTER_SUBMIT = ['remark', 'reportDeliveredTo', 'failedReportDeliveredTo', 'invoiceDelivery', 'returnSampleDelivery'];

export const trfMachine = setup({
  types: { events: {} as TrfEvent },
  actions: {
    /** The server hands the record to the payload's account (the action's `setsOwner`); the machine's state stays. */
    handOver: () => undefined,
  },
  guards: {
    hasReason: ({ event }) => 'reason' in event && typeof event.reason === 'string' && event.reason.trim().length > 0,
    hasSampleReceivedDate: ({ event }) =>
      event.type === 'CONFIRM_SAMPLE_RECEIVED' && /^\d{4}-\d{2}-\d{2}$/.test(event.sampleReceivedDate),
    isRequestActive: or([stateIn('#submitted'), stateIn('#inProgress')]),
    /** Sent by another record's relay (the server sets `$relayed`; no user's event can): a move no page offers. */
    isRelayed: ({ event }) => (event as { $relayed?: unknown }).$relayed === true,
  },
}).createMachine({
  id: 'trf',
  type: 'parallel',
  meta: {
    label: L('测试申请单', 'Test request form'),
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
      hasSampleReceivedDate: L('已填写收样日期', 'the sample received date is given'),
      isRequestActive: L('申请已提交或处理中', 'the request is submitted or in progress'),
      isRelayed: L('由报价单转来', 'relayed from its quotation'),
    },
    // The model-based tests' inputs beside the actions' payload samples: the rejection its quotation relays.
    events: { REJECT_QUOTATION: { label: L('拒绝报价', 'Reject quotation'), examples: [{ reason: 'Wrong payer', $relayed: true }] } },
  },
  states: {
    status: {
      initial: 'draft',
      meta: meta({ label: L('申请状态', 'Status') }),
      states: {
        draft: {
          meta: meta({ label: L('草稿', 'Draft'), editable: '*', draft: true, description: L('申请方填写中；保存时不做必填检查。', 'Being filled by the applicant; saved without the required checks.') }),
          on: { SUBMIT: 'submitted', DELETE: 'deleted', CANCEL: 'cancel', TRANSFER: { actions: 'handOver' } },
        },
        submitted: {
          id: 'submitted',
          meta: meta({ label: L('已提交', 'Submitted'), editable: AFTER_SUBMIT, description: L('等待实验室受理申请。', 'Waiting for the lab to accept the application.') }),
          on: {
            WITHDRAW: 'draft',
            RETURN: { target: 'returned', guard: 'hasReason' },
            ACCEPT_APPLICATION: 'inProgress.applicationAccepted',
            CANCEL: 'cancel',
            TRANSFER: { actions: 'handOver' },
          },
        },
        returned: {
          meta: meta({ label: L('已退回', 'Returned'), editable: '*', description: L('实验室附原因退回；申请方修改后重新提交。', 'Sent back by the lab with a reason; the applicant corrects and resubmits.') }),
          on: { SUBMIT: 'submitted', CANCEL: 'cancel', TRANSFER: { actions: 'handOver' } },
        },
        inProgress: {
          id: 'inProgress',
          initial: 'applicationAccepted',
          meta: meta({ label: L('处理中', 'In progress') }),
          on: {
            PEND: { target: 'pending', guard: 'hasReason' },
            CANCEL: 'cancel',
            TRANSFER: { actions: 'handOver' },
          },
          states: {
            applicationAccepted: {
              meta: meta({ label: L('已受理', 'Application accepted'), editable: [...AFTER_SUBMIT, 'dueDate'] }),
              on: { CONFIRM_SAMPLE_RECEIVED: { target: 'accepted', guard: 'hasSampleReceivedDate' } },
            },
            accepted: {
              meta: meta({ label: L('准备中', 'Preparation'), editable: AFTER_SUBMIT, description: L('已收到样品；实验室准备测试。', 'Samples received; the lab prepares the tests.') }),
              on: { START_TESTING: 'testing' },
            },
            testing: {
              meta: meta({ label: L('测试中', 'Testing'), editable: ['remark'] }),
              on: { COMPLETE_TESTING: 'completed' },
            },
            completed: {
              meta: meta({ label: L('测试完成', 'Completed'), editable: ['remark'] }),
              on: { ISSUE_REPORT: '#trf.status.reportIssued' },
            },
            history: { type: 'history', history: 'shallow' },
          },
        },
        pending: {
          meta: meta({ label: L('挂起', 'Pending'), editable: ['remark'], description: L('已挂起；恢复后回到挂起前的步骤。', 'On hold; resuming returns to the step it was in.') }),
          on: { RESUME: 'inProgress.history', CANCEL: 'cancel', TRANSFER: { actions: 'handOver' } },
        },
        reportIssued: { type: 'final', meta: meta({ label: L('报告已签发', 'Report issued') }) },
        cancel: { type: 'final', meta: meta({ label: L('已取消', 'Cancelled') }) },
        deleted: { type: 'final', meta: meta({ label: L('已删除', 'Deleted') }) },
      },
    },
    quotation: {
      initial: 'none',
      meta: meta({ label: L('报价状态', 'Quotation') }),
      states: {
        none: {
          meta: meta({ label: L('无报价', 'No quotation') }),
          on: { SEND_QUOTATION: { target: 'confirming', guard: 'isRequestActive' } },
        },
        confirming: {
          meta: meta({ label: L('报价待确认', 'Quotation to be confirmed') }),
          on: {
            CONFIRM_QUOTATION: 'confirmed',
            REJECT_QUOTATION: { target: 'rejected', guard: 'hasReason' },
          },
        },
        confirmed: {
          meta: meta({ label: L('报价已确认', 'Quotation confirmed') }),
          // A confirmed quotation may still be rejected while it waits for payment: on the quotation
          // (its REQUEST_AMENDMENT, relayed here), not with the TRF's button, which only a quotation to be confirmed takes.
          on: { REJECT_QUOTATION: { target: 'rejected', guard: 'isRelayed' } },
        },
        rejected: {
          meta: meta({ label: L('报价已拒绝', 'Quotation rejected'), description: L('实验室可发送修改后的报价。', 'The lab may send a revised quotation.') }),
          on: { SEND_QUOTATION: { target: 'confirming', guard: 'isRequestActive' } },
        },
      },
    },
  },
});
