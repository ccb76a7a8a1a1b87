import { declaredMail, mailApplies, text, type DeclaredEffect, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { queueEffects } from '../effects/effects-repo.ts';
import { mailRecipients } from '../effects/entity-mail.ts';

/** What a write's effects left: how many were queued, and what the user is told (a mail without a recipient). */
export interface WrittenEffects {
  queued: number;
  notices: string[];
}

export const noEffects = (): WrittenEffects => ({ queued: 0, notices: [] });

/**
 * Writes an entity transition's effects in the transaction that stores the record (the same
 * outbox as the server-driven machines: rolled back with it). A declared mail whose `when` does
 * not hold for the document is dropped; one with no recipient now is still queued (the failed
 * effect records it) and its `noRecipient` text, in the user's language, is returned to tell them.
 */
export async function queueEntityEffects(
  tx: Queryable,
  reg: RegisteredEntity,
  recordId: string,
  doc: Record<string, unknown>,
  effects: readonly DeclaredEffect[],
  lang: Language,
  into: WrittenEffects = noEffects(),
): Promise<WrittenEffects> {
  const kept: DeclaredEffect[] = [];
  for (const effect of effects) {
    const mail = declaredMail(reg.entity, effect);
    if (mail && !mailApplies(mail, doc)) continue;
    kept.push(effect);
    if (mail?.noRecipient && !(await mailRecipients(tx, mail, doc)).length) into.notices.push(text(mail.noRecipient, lang));
  }
  if (reg.machine && kept.length) await queueEffects(tx, reg.machine.id, { kind: reg.name, id: recordId }, kept);
  into.queued += kept.length;
  return into;
}
