import type { AnyStateMachine } from 'xstate';
import type { EntityDeclaration, EntitySchema, Language, MailDeclaration, MailRecipientDeclaration } from './types.ts';
import { LANGUAGES } from './types.ts';
import { pointer } from './errors.ts';
import { fieldAt, valueAt } from '../schema/resolve.ts';
import { text } from '../i18n/labels.ts';
import { effectRefs, invokedActors, type DeclaredEffect } from '../lifecycle/effects.ts';

/**
 * Declared entity mail (docs/declarations.md §4, declared effects): an entity machine's
 * `sendEmail` effect names a `template` of its entity's `mail`, which says who receives it
 * (read from the record's document when the effect runs) and its texts in every language, with
 * `{path}` placeholders filled from the document.
 */
export const MAIL_EFFECT = 'sendEmail';

/** The system values a mail text may name beside document paths. */
export const MAIL_SYSTEM_PLACEHOLDERS = ['$companyName'] as const;

const PLACEHOLDER = /\{([^{}\s]+)\}/g;

/** The placeholders a text names, in order. */
export const placeholdersOf = (s: string): string[] => [...s.matchAll(PLACEHOLDER)].map((m) => m[1]!);

/** The document path a recipient reads (an address, or a company id). */
export const recipientField = (to: MailRecipientDeclaration): string => ('field' in to ? to.field : 'companyAdmins' in to ? to.companyAdmins : to.company);

/** A mail's recipients as a list (`to` is one or several). */
export const recipientsOf = (mail: Pick<MailDeclaration, 'to'>): readonly MailRecipientDeclaration[] => (Array.isArray(mail.to) ? mail.to : [mail.to as MailRecipientDeclaration]);

/** The mail a declared effect sends, when the effect names one of the entity's templates. */
export function declaredMail(entity: Pick<EntityDeclaration, 'mail'>, effect: DeclaredEffect): MailDeclaration | undefined {
  const template = effect.params.template;
  return effect.kind === MAIL_EFFECT && typeof template === 'string' && entity.mail && Object.hasOwn(entity.mail, template) ? entity.mail[template] : undefined;
}

/** Whether the mail applies to this document (its `when`). */
export function mailApplies(mail: MailDeclaration, doc: Record<string, unknown>): boolean {
  if (!mail.when) return true;
  const v = valueAt(doc, mail.when.field);
  if ('filled' in mail.when) return Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null;
  return mail.when.in.some((x) => x === v);
}

/** A placeholder's value: a system value, an enum's label in the language, or the document's value as text. */
function placeholderValue(schema: EntitySchema, doc: Record<string, unknown>, system: Readonly<Record<string, string>>, path: string, lang: Language): string {
  if (path.startsWith('$')) return system[path] ?? '';
  const v = valueAt(doc, path);
  if (v === undefined || v === null) return '';
  const label = fieldAt(schema, path)?.['x-enumLabels']?.[String(v)];
  return label ? text(label, lang) : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The mail's subject and body in a language, placeholders filled from the document and the system values. */
export function fillMail(
  mail: MailDeclaration,
  schema: EntitySchema,
  doc: Record<string, unknown>,
  system: Readonly<Record<string, string>>,
  lang: Language,
): { subject: string; body: string } {
  const fill = (s: string) => s.replace(PLACEHOLDER, (_m, path: string) => placeholderValue(schema, doc, system, path, lang));
  return { subject: fill(text(mail.subject, lang)), body: fill(text(mail.body, lang)) };
}

type Fail = (path: string, message: string) => void;

/**
 * Checks an entity's mail declarations and what its machine emits: with `mail` declared, every
 * effect is a `sendEmail` naming a declared template (without, the server's start-up check decides), every recipient and `when` names a document field, and every
 * placeholder a document path or a system value. The machine invokes no actor.
 */
export function checkEntityEffects(entity: EntityDeclaration, schema: EntitySchema, machine: AnyStateMachine | undefined, fail: Fail): void {
  const docPath = (at: string, path: string) => {
    if (!fieldAt(schema, path)) fail(at, `'${path}' is not a field of the entity's schema`);
  };
  for (const [name, mail] of Object.entries(entity.mail ?? {})) {
    const list = recipientsOf(mail);
    list.forEach((to, i) => {
      const key = Object.keys(to).find((k) => k !== 'notificationSetting') ?? 'field';
      docPath(Array.isArray(mail.to) ? pointer('mail', name, 'to', i, key) : pointer('mail', name, 'to', key), recipientField(to));
    });
    if (mail.when) docPath(pointer('mail', name, 'when', 'field'), mail.when.field);
    for (const part of ['subject', 'body', 'noRecipient'] as const) {
      for (const lang of LANGUAGES) {
        const s = mail[part]?.[lang];
        if (s === undefined) continue;
        for (const p of placeholdersOf(s)) {
          const known = p.startsWith('$') ? (MAIL_SYSTEM_PLACEHOLDERS as readonly string[]).includes(p) : Boolean(fieldAt(schema, p));
          if (!known) fail(pointer('mail', name, part, lang), `the placeholder '{${p}}' is not a document path of the entity's schema nor one of ${MAIL_SYSTEM_PLACEHOLDERS.join(', ')}`);
        }
      }
    }
  }
  if (!machine) return;
  for (const [state, src] of invokedActors(machine)) {
    fail('/lifecycle/machine', `machine '${machine.id}' invokes '${src}' in state '${state}': the server runs no invoked actor (use an \`after\` timer or a declared effect)`);
  }
  const seen = new Set<string>();
  for (const ref of effectRefs(machine)) {
    const effect = ref.effect;
    let why: string | undefined;
    // An entity without declared mail leaves its machine's effects to the server's own handlers, checked at start (server/machines/server-machines.ts).
    if (!entity.mail) continue;
    if (!effect) why = `the effect of '${ref.action}' cannot be worked out from its parameters`;
    else if (effect.kind !== MAIL_EFFECT) why = `the server has no handler for an entity's '${effect.kind}' effect (entity effects: ${MAIL_EFFECT})`;
    else if (!declaredMail(entity, effect)) {
      why = `the template '${String(effect.params.template)}' is not declared in the entity's mail (declared: ${Object.keys(entity.mail ?? {}).join(', ') || 'none'})`;
    }
    const message = why && `machine '${machine.id}' emits '${effect?.kind ?? ref.action}' in state '${ref.state}': ${why}`;
    if (message && !seen.has(message)) {
      seen.add(message);
      fail('/lifecycle/machine', message);
    }
  }
}
