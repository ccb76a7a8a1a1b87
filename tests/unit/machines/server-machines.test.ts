import { describe, expect, it } from 'vitest';
import { createStaticRegistry, effectRefs, effectsOf, machines, STATIC_ACCESS, unrunnableParts } from '../../../engine/index.ts';
import type { Database } from '../../../server/db/database.ts';
import { EffectRunner } from '../../../server/effects/runner.ts';
import { mailEffect } from '../../../server/effects/mail-effect.ts';
import { Outbox } from '../../../server/mail/outbox.ts';
import { ACCOUNT_RECIPIENTS } from '../../../server/accounts/mail-recipients.ts';
import { ACCOUNT_MAILS } from '../../../server/accounts/mail-texts.ts';
import { ACCOUNT_NOTIFICATIONS } from '../../../server/accounts/notifications.ts';
import { notifyEffect } from '../../../server/notifications/notify-effect.ts';
import { serverMachineProblems } from '../../../server/machines/server-machines.ts';

const noDatabase = {} as Database;
const notify = notifyEffect(createStaticRegistry(), new Outbox(false), () => '', '', STATIC_ACCESS, ACCOUNT_NOTIFICATIONS);
const runnerWith = (mails = ACCOUNT_MAILS) => new EffectRunner(noDatabase, { sendEmail: mailEffect(new Outbox(false), ACCOUNT_RECIPIENTS, mails), notify });

/** Issue 12 item 4: a machine whose effects (or invokes) the server cannot run is refused at start, naming its file. */
describe('the machines the server runs', () => {
  it('reads a transition\'s effects from its emitted events, and where a machine may emit them', () => {
    expect(effectsOf([{ type: 'xstate.emit', params: { event: { type: 'sendEmail', to: 'applicant', template: 'accountRejected', reason: 'x' } } }, { type: 'xstate.raise', params: {} }])).toEqual([
      { kind: 'sendEmail', params: { to: 'applicant', template: 'accountRejected', reason: 'x' } },
    ]);
    expect(effectRefs(machines.accountApproval).map((r) => [r.state, r.effect?.kind, r.effect?.params.template ?? r.effect?.params.event])).toEqual([
      ['accountApproval.toBeReviewed', 'sendEmail', 'confirmApplicant'],
      ['accountApproval.toBeReviewed', 'notify', 'accountApproved'],
      ['accountApproval.emailConfirmed', 'notify', 'accountApproved'],
      ['accountApproval.rejected', 'sendEmail', 'accountRejected'],
    ]);
  });

  it('refuses an account notification without the server\'s texts for it, naming the machine', () => {
    const bare = new EffectRunner(noDatabase, { sendEmail: mailEffect(new Outbox(false), ACCOUNT_RECIPIENTS, ACCOUNT_MAILS), notify: notifyEffect(createStaticRegistry(), new Outbox(false), () => '', '') });
    expect(serverMachineProblems(bare).map((p) => p.message)).toEqual([
      "machine 'accountApproval' emits 'notify' in state 'accountApproval.toBeReviewed': no entity of machine 'accountApproval' declares the notification 'accountApproved'",
      "machine 'accountApproval' emits 'notify' in state 'accountApproval.emailConfirmed': no entity of machine 'accountApproval' declares the notification 'accountApproved'",
    ]);
  });

  it('accepts the account and notice machines with the server\'s handlers', () => {
    expect(serverMachineProblems(runnerWith())).toEqual([]);
    expect(effectRefs(machines.accountStatus).map((r) => [r.state, r.effect?.params.template])).toEqual([
      ['accountStatus.enabled', 'accountReclaimed'],
      ['accountStatus.disabled', 'accountEnabled'],
      ['accountStatus.reclaimed', 'accountEnabled'],
    ]);
  });

  it('refuses an effect kind without a handler, naming the machine\'s file', () => {
    const problems = serverMachineProblems(new EffectRunner(noDatabase, {}));
    expect(problems[0]).toEqual({
      file: 'workflows/account-approval.machine.ts',
      path: '',
      message: "machine 'accountApproval' emits 'sendEmail' in state 'accountApproval.toBeReviewed': the server has no handler for the effect 'sendEmail' (handlers: )",
    });
    expect(new Set(problems.map((p) => p.file))).toEqual(new Set(['workflows/account-approval.machine.ts', 'workflows/account-status.machine.ts', 'workflows/customer-approval.machine.ts']));
  });

  it('refuses a mail whose template has no text, and an invoked actor', () => {
    const { accountRejected: _dropped, ...mails } = ACCOUNT_MAILS;
    expect(serverMachineProblems(runnerWith(mails)).map((p) => p.message)).toEqual([
      "machine 'accountApproval' emits 'sendEmail' in state 'accountApproval.rejected': there is no mail text for the template 'accountRejected'",
    ]);
    expect(serverMachineProblems(runnerWith(), { pushStatus: machines.pushStatus })[0]).toMatchObject({
      file: 'workflows/push-status.machine.ts',
      message: expect.stringContaining("machine 'pushStatus' invokes 'pushRecord' in state 'pushStatus.pushing'"),
    });
    expect(unrunnableParts(machines.pushStatus, () => undefined)).toHaveLength(1);
  });
});
