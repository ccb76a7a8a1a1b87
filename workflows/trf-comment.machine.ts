import { emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * A comment on a TRF (SPEC §5: up to 10 email recipients; finalized TRFs cannot be commented on
 * by non-buyers — the entity's `belongsTo.closed`). Posting it mails its recipients through the
 * outbox (the entity's declared `trfCommentPosted` mail, sent only when it names recipients).
 * A comment is not edited afterwards; a correction is a reply. Rules: trf-comment.rules.md.
 */
/** A comment takes no event: it is posted, then read. */
export type TrfCommentEvent = { type: string };

export const trfCommentMachine = setup({
  types: { events: {} as TrfCommentEvent, emitted: {} as { type: 'sendEmail'; template: string } },
  actions: {
    sendEmail: emit((_, params: { template: string }) => ({ type: 'sendEmail' as const, template: params.template })),
  },
}).createMachine({
  id: 'trfComment',
  initial: 'posted',
  meta: machineMeta<TrfCommentEvent>({ label: L('评论', 'Comment'),
    statusLabel: L('评论状态', 'Comment status'), events: {} }),
  states: {
    posted: {
      entry: { type: 'sendEmail', params: { template: 'trfCommentPosted' } },
      meta: meta({
        label: L('已发布', 'Posted'),
        description: L('已发布；有收件人时邮件通知他们。', 'Posted; its recipients, when it names any, are mailed.'),
      }),
    },
  },
});
