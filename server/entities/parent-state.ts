import { stateOptions, text, type EntityRegistry, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { getRecord } from './records-repo.ts';

/**
 * The states a parent must rest in for a new record of `reg` to name it: those of the parent's child
 * list offering its New button (`detail.children[].create.states` on the parent entity's views, for
 * the child's `access.parent` field), per lifecycle field; undefined when no such list restricts it.
 */
function createStates(registry: EntityRegistry, reg: RegisteredEntity): { parent: RegisteredEntity; states: Readonly<Record<string, readonly string[]>> } | undefined {
  const link = reg.entity.access?.parent;
  if (!link || !registry.has(link.entity)) return undefined;
  const parent = registry.get(link.entity);
  const list = parent.views.detail.children?.find((c) => c.entity === reg.name && c.field === link.field && c.from === undefined && c.create);
  return list?.create ? { parent, states: list.create.states } : undefined;
}

/**
 * A new record belonging to a parent (`access.parent`) is made only while the parent rests in one of
 * the states its child list's New button is offered in (docs/declarations.md §2, child lists): the
 * same declaration decides the button and the write — a TRF's report once testing is completed.
 * Else 409 `PARENT_STATE` naming the states allowed and the parent's own, in the request language.
 * A revision (a copy of a record already made) is no new record of the parent's: the service does
 * not ask.
 */
export async function refuseParentState(tx: Queryable, registry: EntityRegistry | undefined, reg: RegisteredEntity, parentId: string, lang: Language): Promise<void> {
  const rule = registry && createStates(registry, reg);
  if (!rule) return;
  const record = await getRecord(tx, rule.parent, parentId, { all: true });
  const states = record?.states ?? {};
  if (Object.entries(rule.states).some(([field, list]) => list.includes(states[field] ?? ''))) return;
  const labelOf = (field: string, value: string) => stateOptions(rule.parent, field, lang).find((o) => o.value === value)?.label ?? value;
  const entries = Object.entries(rule.states);
  const joiner = lang === 'zh-CN' ? '、' : ' / ';
  throw new ApiError(409, 'PARENT_STATE', {
    entity: text(reg.entity.label, lang, reg.name),
    parent: text(rule.parent.entity.label, lang, rule.parent.name),
    allowed: entries.flatMap(([field, list]) => list.map((s) => labelOf(field, s))).join(joiner),
    state: entries.map(([field]) => labelOf(field, states[field] ?? '')).join(joiner),
  });
}
