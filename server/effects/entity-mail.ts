import {
  declaredMail,
  fillMail,
  pickLanguage,
  rolesOf,
  STATIC_ACCESS,
  valueAt,
  type AccessDeclarations,
  type EntityRegistry,
  type Language,
  recipientsOf,
  type MailDeclaration,
  type MailRecipientDeclaration,
  type RegisteredEntity,
} from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { Outbox } from '../mail/outbox.ts';
import { getRecord } from '../entities/records-repo.ts';
import { PermanentEffectError, type EffectHandler } from './runner.ts';

/** One address a declared mail goes to, in the language its holder reads. */
export interface MailAddress {
  address: string;
  lang: Language;
}

type UserRow = { email: string | null; language: string | null; dimensions: Record<string, unknown> | null; is_admin: boolean };

const USERS = `select email, settings->>'language' as language, dimensions, is_admin from users`;
const withAddress = (rows: readonly UserRow[]): MailAddress[] =>
  rows.filter((r) => r.email).map((r) => ({ address: r.email!, lang: pickLanguage(r.language) }));

/** An address alone: in the language of the account holding it, else the default. */
async function addressOf(tx: Queryable, address: string): Promise<MailAddress> {
  const { rows } = await tx.query<UserRow>(`${USERS} where lower(email) = lower($1) order by created_at limit 1`, [address]);
  return { address, lang: pickLanguage(rows[0]?.language) };
}

/**
 * The people a company's notification setting for `event` names for email (schemas/notificationSetting/):
 * its contacts' addresses, its email groups' members and its accounts holding the roles, each once.
 */
async function configuredRecipients(tx: Queryable, companyId: string, event: string, access: AccessDeclarations): Promise<MailAddress[]> {
  const { rows } = await tx.query<{ doc: { contacts?: string[]; emailGroups?: string[]; roles?: string[] } }>(
    `select doc from records where entity = 'notificationSetting' and company_id = $1 and doc->>'event' = $2
       and coalesce(doc->>'enabled', 'true') = 'true' and doc->'channels' @> '["email"]'::jsonb limit 1`,
    [companyId, event],
  );
  const setting = rows[0]?.doc;
  if (!setting) return [];
  const ids = [...(setting.contacts ?? []), ...(setting.emailGroups ?? [])];
  const { rows: linked } = await tx.query<{ entity: string; doc: { email?: string; members?: string[] } }>(
    `select entity, doc from records where company_id = $1 and id = any($2::text[]) and entity in ('contact', 'emailGroup')`,
    [companyId, ids],
  );
  const addresses = linked.flatMap((r) => (r.entity === 'contact' ? (r.doc.email ? [r.doc.email] : []) : (r.doc.members ?? [])));
  // One query at a time: a transaction's client runs its queries in order (pg deprecates overlapping ones).
  const out: MailAddress[] = [];
  for (const a of addresses) out.push(await addressOf(tx, a));
  if (setting.roles?.length) {
    const { rows: users } = await tx.query<UserRow>(`${USERS} where company_id = $1 and status = 'approved'`, [companyId]);
    const wanted = new Set(setting.roles);
    out.push(...withAddress(users.filter((u) => rolesOf(access, { dimensions: u.dimensions ?? {}, isAdmin: u.is_admin }).some((r) => wanted.has(r)))));
  }
  return onceEach(out);
}

/** Who a declared mail goes to for a record's document, read now (docs/declarations.md §4, declared effects). */
export async function mailRecipients(tx: Queryable, mail: MailDeclaration, doc: Record<string, unknown>, access: AccessDeclarations = STATIC_ACCESS): Promise<MailAddress[]> {
  const at = (path: string) => {
    const v = valueAt(doc, path);
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const one = async (to: MailRecipientDeclaration): Promise<MailAddress[]> => {
    if ('field' in to) {
      // A field holds one address, or a list of them (a comment's recipients).
      const value = valueAt(doc, to.field);
      const addresses = (Array.isArray(value) ? value : [value]).filter((a): a is string => typeof a === 'string' && a.trim() !== '').map((a) => a.trim());
      const out: MailAddress[] = [];
      for (const address of addresses) out.push(await addressOf(tx, address));
      return out;
    }
    const companyId = at('companyAdmins' in to ? to.companyAdmins : to.company);
    if (!companyId) return [];
    if ('companyAdmins' in to) {
      return withAddress((await tx.query<UserRow>(`${USERS} where company_id = $1 and is_admin and status = 'approved' order by created_at`, [companyId])).rows);
    }
    return configuredRecipients(tx, companyId, to.notificationSetting, access);
  };
  const all: MailAddress[] = [];
  for (const to of recipientsOf(mail)) all.push(...(await one(to)));
  return onceEach(all);
}

/** Each address once (compared without case), the first language found for it kept. */
function onceEach(list: readonly MailAddress[]): MailAddress[] {
  const seen = new Set<string>();
  return list.filter((a) => !seen.has(a.address.toLowerCase()) && seen.add(a.address.toLowerCase()));
}

/**
 * The `sendEmail` handler for entity machines: a mail whose subject is a registered entity that
 * declares the template is sent to the recipients its declaration reads from the record now, each
 * in their language, queued in the mail outbox in the worker's transaction. Any other mail (the
 * server-driven machines') goes to `next`.
 */
export function entityMailEffect(registry: EntityRegistry, outbox: Outbox, next: EffectHandler, access: AccessDeclarations = STATIC_ACCESS): EffectHandler {
  const declared = (subject: string, params: Record<string, unknown>): { reg: RegisteredEntity; mail: MailDeclaration } | undefined => {
    const reg = registry.list().find((r) => r.name === subject);
    const mail = reg && declaredMail(reg.entity, { kind: 'sendEmail', params });
    return reg && mail ? { reg, mail } : undefined;
  };
  return {
    // A template an entity declares for its machine is checked at registration (engine/declaration/mail.ts); the others are the server machines'.
    accepts: (machine, params) =>
      registry.list().some((r) => r.machine?.id === machine && declaredMail(r.entity, { kind: 'sendEmail', params })) ? undefined : next.accepts(machine, params),
    async run(tx, effect) {
      const found = declared(effect.subject, effect.params);
      if (!found) return next.run(tx, effect);
      const record = await getRecord(tx, found.reg, effect.subjectId, { all: true });
      if (!record) throw new PermanentEffectError(`${effect.subject} ${effect.subjectId} no longer exists`);
      const recipients = await mailRecipients(tx, found.mail, record.doc, access);
      if (!recipients.length) throw new PermanentEffectError(`no address for '${String(effect.params.template)}' of ${effect.subject} ${effect.subjectId}`);
      const system = { $companyName: record.companyName };
      for (const r of recipients) await outbox.queue(tx, { to: r.address, ...fillMail(found.mail, found.reg.schema, record.doc, system, r.lang) });
    },
  };
}
