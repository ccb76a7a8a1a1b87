import { declaredNotification, fillMail, STATIC_ACCESS, text, valueAt, type AccessDeclarations, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { MailTemplate } from '../effects/mail-effect.ts';
import { getRecord } from '../entities/records-repo.ts';
import { handlingAccounts } from '../entities/handled-by.ts';
import { PermanentEffectError, type EffectHandler } from '../effects/runner.ts';
import { storeNotification } from './notifications-repo.ts';
import { notifyTargets, type NotifyTarget } from './recipients.ts';

/**
 * A notification a machine the server drives raises (an account's: no entity, so no declared
 * `notify`): the account it is news to (the machine's subject), its texts, and the `entity` name the
 * notification carries. It reaches the account as its notification settings for the event choose.
 */
export interface ServerNotification {
  entity: string;
  account(tx: Queryable, subjectId: string): Promise<{ userId: string; companyId: string; vars: Record<string, string> } | undefined>;
  texts: MailTemplate;
}

/** The server-driven machines' notifications, by machine id and notification event. */
export type ServerNotifications = Readonly<Record<string, Readonly<Record<string, ServerNotification>>>>;

const own = <T>(o: Readonly<Record<string, T>> | undefined, key: unknown): T | undefined => (o && typeof key === 'string' && Object.hasOwn(o, key) ? o[key] : undefined);

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
 * and nothing is delivered twice. A machine the server drives raises its notifications (`server`)
 * through the same path: the settings of the account it is news to decide the channels.
 */
export function notifyEffect(
  registry: EntityRegistry,
  outbox: Outbox,
  channel: () => string,
  publicUrl: string,
  access: AccessDeclarations = STATIC_ACCESS,
  server: ServerNotifications = {},
): EffectHandler {
  /** One person's in-app notification and/or mail, by the channels left to them. */
  const deliver = async (tx: Queryable, t: NotifyTarget, n: { event: string; entity: string; recordId: string; subject: string; body: string; link: string }) => {
    if (t.userId && t.channels.includes('inApp')) {
      await storeNotification(tx, channel(), { userId: t.userId, event: n.event, entity: n.entity, recordId: n.recordId, title: n.subject, body: n.body });
    }
    if (t.address && t.channels.includes('email')) await outbox.queue(tx, { to: t.address, subject: n.subject, body: `${n.body}\n\n${text(OPEN_RECORD, t.lang)}${n.link}` });
  };
  const declared = (subject: string, event: unknown) => {
    const reg = registry.list().find((r) => r.name === subject);
    const notify = reg && declaredNotification(reg.entity, event);
    return reg && notify ? { reg, notify } : undefined;
  };
  return {
    accepts: (machine, params) =>
      own(own(server, machine), params.event) || registry.list().some((r) => r.machine?.id === machine && declaredNotification(r.entity, params.event))
        ? undefined
        : `no entity of machine '${machine}' declares the notification '${String(params.event)}'`,
    async run(tx, effect) {
      const event = String(effect.params.event);
      const ofServer = own(own(server, effect.machine), event);
      if (ofServer) {
        const account = await ofServer.account(tx, effect.subjectId);
        if (!account) throw new PermanentEffectError(`${effect.subject} ${effect.subjectId} no longer exists`);
        const record = { companyId: account.companyId, createdBy: account.userId };
        for (const t of await notifyTargets(tx, event, record, [account.companyId], access, { aboutCreator: true })) {
          await deliver(tx, t, { event, entity: ofServer.entity, recordId: effect.subjectId, ...ofServer.texts(account.vars, t.lang), link: `${publicUrl}/` });
        }
        return;
      }
      const found = declared(effect.subject, effect.params.event);
      if (!found) throw new PermanentEffectError(`${effect.subject} declares no notification '${String(effect.params.event)}'`);
      const record = await getRecord(tx, found.reg, effect.subjectId, {
        all: true,
      });
      if (!record) throw new PermanentEffectError(`${effect.subject} ${effect.subjectId} no longer exists`);
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
      const staff = found.notify.staff ? await handlingAccounts(tx, registry, found.reg, record.id, access) : [];
      for (const t of await notifyTargets(tx, event, record, companies, access, { staff })) {
        t.channels = t.channels.filter((c) => allowed.includes(c));
        const { subject, body } = fillMail(texts, found.reg.schema, record.doc, { $companyName: record.companyName }, t.lang);
        await deliver(tx, t, { event, entity: found.reg.name, recordId: record.id, subject, body, link });
      }
    },
  };
}
