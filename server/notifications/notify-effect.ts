import { declaredNotification, fillMail, STATIC_ACCESS, text, valueAt, type AccessDeclarations, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Outbox } from '../mail/outbox.ts';
import { getRecord } from '../entities/records-repo.ts';
import { PermanentEffectError, type EffectHandler } from '../effects/runner.ts';
import { storeNotification } from './notifications-repo.ts';
import { notifyTargets } from './recipients.ts';

/** The line under a notification mail leading to its record, per language. */
const OPEN_RECORD: Record<Language, string> = {
  'zh-CN': '查看：',
  'en-US': 'Open: ',
};

/**
 * The `notify` effect (docs/declarations.md §4, notifications): queued with the transition that
 * raises it, run by the effect worker after the commit. In the worker's transaction it reads the
 * record and the notification settings now, stores each in-app notification (pushed to every
 * process at its commit) and queues each mail in the mail outbox, in each person's language.
 * Marked done in the same transaction, so a process killed before it ran delivers on its restart,
 * and nothing is delivered twice.
 */
export function notifyEffect(registry: EntityRegistry, outbox: Outbox, channel: () => string, publicUrl: string, access: AccessDeclarations = STATIC_ACCESS): EffectHandler {
  const declared = (subject: string, event: unknown) => {
    const reg = registry.list().find((r) => r.name === subject);
    const notify = reg && declaredNotification(reg.entity, event);
    return reg && notify ? { reg, notify } : undefined;
  };
  return {
    accepts: (machine, params) =>
      registry.list().some((r) => r.machine?.id === machine && declaredNotification(r.entity, params.event))
        ? undefined
        : `no entity of machine '${machine}' declares the notification '${String(params.event)}'`,
    async run(tx, effect) {
      const found = declared(effect.subject, effect.params.event);
      if (!found) throw new PermanentEffectError(`${effect.subject} declares no notification '${String(effect.params.event)}'`);
      const record = await getRecord(tx, found.reg, effect.subjectId, {
        all: true,
      });
      if (!record) throw new PermanentEffectError(`${effect.subject} ${effect.subjectId} no longer exists`);
      const event = String(effect.params.event);
      const companies = [record.companyId, ...(found.notify.companies ?? []).flatMap((p) => [valueAt(record.doc, p)].flat())].filter(
        (c, i, all): c is string => typeof c === 'string' && c !== '' && all.indexOf(c) === i,
      );
      const link = `${publicUrl}${found.reg.entity.routes.detail}?id=${encodeURIComponent(record.id)}`;
      const texts = {
        to: [],
        subject: found.notify.subject,
        body: found.notify.body,
      };
      const allowed = found.notify.channels ?? ['email', 'inApp'];
      for (const t of await notifyTargets(tx, event, record, companies, access)) {
        t.channels = t.channels.filter((c) => allowed.includes(c));
        const { subject, body } = fillMail(texts, found.reg.schema, record.doc, { $companyName: record.companyName }, t.lang);
        if (t.userId && t.channels.includes('inApp')) {
          await storeNotification(tx, channel(), {
            userId: t.userId,
            event,
            entity: found.reg.name,
            recordId: record.id,
            title: subject,
            body,
          });
        }
        if (t.address && t.channels.includes('email'))
          await outbox.queue(tx, {
            to: t.address,
            subject,
            body: `${body}\n\n${text(OPEN_RECORD, t.lang)}${link}`,
          });
      }
    },
  };
}
