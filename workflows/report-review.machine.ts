import { setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * A test report and its review (SPEC §3 Report, §4 "Conclusions and review"; issue 15). Internal
 * staff prepare the report (conclusion, dates, PDF, test lines) in `draft`, which only their own
 * company sees, and issue it; from then on the TRF's parties see it, and the customer's reviewer
 * moves the review progress 0 Not Reviewed → 1 Reviewed → 2 Submitted → 3 Review Finalized.
 * Rules: report-review.rules.md. Who may send each event: schemas/report/report.entity.json.
 */
export type ReportReviewEvent =
  | { type: 'ISSUE' }
  | { type: 'REVIEW' }
  | { type: 'REOPEN_REVIEW' }
  | { type: 'SUBMIT_REVIEW' }
  | { type: 'RETURN_REVIEW'; reason: string }
  | { type: 'FINALIZE_REVIEW' };

/** What the reviewer writes while reviewing: the review conclusion. */
const REVIEW_FIELDS = ['reviewConclusion', 'reviewRemark'] as const;

export const reportReviewMachine = setup({
  types: { events: {} as ReportReviewEvent },
  guards: {
    hasReason: ({ event }) => 'reason' in event && typeof event.reason === 'string' && event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'reportReview',
  initial: 'draft',
  meta: machineMeta<ReportReviewEvent>({
    label: L('审阅进度', 'Review progress'),
    guards: { hasReason: L('已填写原因', 'a reason is given') },
    events: {
      ISSUE: { label: L('签发报告', 'Issue report') },
      REVIEW: { label: L('标记已审阅', 'Mark reviewed') },
      REOPEN_REVIEW: { label: L('重新审阅', 'Review again') },
      SUBMIT_REVIEW: { label: L('提交审阅', 'Submit review') },
      RETURN_REVIEW: { label: L('退回审阅', 'Return review'), examples: [{ reason: 'Conclusion missing' }] },
      FINALIZE_REVIEW: { label: L('完成审阅', 'Finalize review') },
    },
  }),
  states: {
    draft: {
      meta: meta({
        label: L('编制中', 'Being prepared'),
        editable: '*',
        draft: true,
        description: L('内部员工编制报告与测试结果，仅本公司可见；签发后申请单各方可见。', 'Internal staff prepare the report and its results, seen by their company only; once issued the TRF parties see it.'),
      }),
      on: { ISSUE: 'notReviewed' },
    },
    notReviewed: {
      meta: meta({
        label: L('0 未审阅', '0 Not Reviewed'),
        editable: REVIEW_FIELDS,
        description: L('报告已签发；客户的审阅人逐行审阅测试结果。', 'The report is issued; the customer\'s reviewer reviews the test lines one by one.'),
      }),
      on: { REVIEW: 'reviewed' },
    },
    reviewed: {
      meta: meta({
        label: L('1 已审阅', '1 Reviewed'),
        editable: REVIEW_FIELDS,
        description: L('审阅人已审阅，可修改审阅结论后提交。', 'Reviewed; the reviewer may still change the review conclusion, then submits it.'),
      }),
      on: { REOPEN_REVIEW: 'notReviewed', SUBMIT_REVIEW: 'submitted' },
    },
    submitted: {
      meta: meta({
        label: L('2 已提交', '2 Submitted'),
        description: L('审阅已提交，等待最终确认或退回。', 'The review is submitted; it is finalized or returned.'),
      }),
      on: { FINALIZE_REVIEW: 'finalized', RETURN_REVIEW: { target: 'reviewed', guard: 'hasReason' } },
    },
    finalized: {
      meta: meta({
        label: L('3 审阅完成', '3 Review Finalized'),
        description: L('审阅已完成，不再修改。', 'The review is final; nothing changes any more.'),
      }),
    },
  },
});
