import type { Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import { PermanentEffectError, type EffectHandler } from './runner.ts';

/** Who a mail goes to, in their language, with the texts' placeholders (`{company}`). */
export interface Recipient {
  address: string;
  lang: Language;
  vars: Record<string, string>;
}

/** Finds a recipient (`to` of the effect) from the machine's subject; undefined when there is none with an address. */
export type RecipientResolver = (tx: Queryable, subjectId: string) => Promise<Recipient | undefined>;

/** A mail's subject and body in one language. */
export type MailTemplate = (vars: Readonly<Record<string, string>>, lang: Language) => { subject: string; body: string };

const own = <T>(o: Readonly<Record<string, T>> | undefined, key: unknown): T | undefined =>
  o && typeof key === 'string' && Object.hasOwn(o, key) ? o[key] : undefined;

/**
 * The `sendEmail` effect: `{ to, template, …placeholders }`. The recipient is resolved from the
 * machine's subject when the effect runs, the text is the template in the recipient's language,
 * and the mail is queued in the mail outbox (delivered over SMTP when configured, readable by
 * staff either way) in the effect worker's transaction.
 */
export function mailEffect(
  outbox: Outbox,
  recipients: Readonly<Record<string, Readonly<Record<string, RecipientResolver>>>>,
  templates: Readonly<Record<string, MailTemplate>>,
): EffectHandler {
  return {
    accepts(machine, params) {
      if (!own(templates, params.template)) return `there is no mail text for the template '${String(params.template)}'`;
      if (!own(own(recipients, machine), params.to)) return `the server cannot find the recipient '${String(params.to)}' of machine '${machine}'`;
      return undefined;
    },
    async run(tx, effect) {
      const template = own(templates, effect.params.template);
      const resolve = own(own(recipients, effect.machine), effect.params.to);
      if (!template || !resolve) throw new PermanentEffectError(this.accepts(effect.machine, effect.params));
      const recipient = await resolve(tx, effect.subjectId);
      if (!recipient) throw new PermanentEffectError(`no address for '${String(effect.params.to)}' of ${effect.subject} ${effect.subjectId}`);
      const placeholders = Object.fromEntries(Object.entries(effect.params).filter((e): e is [string, string] => typeof e[1] === 'string'));
      await outbox.queue(tx, { to: recipient.address, ...template({ ...recipient.vars, ...placeholders }, recipient.lang) });
    },
  };
}
