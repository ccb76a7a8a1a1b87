import type { FieldSchema, LocalizedText } from '../declaration/types.ts';
import type { EntityRegistry, RegisteredEntity } from '../registry.ts';
import { enter, isRecursive, RefTrail, WalkBudget } from '../schema/walk.ts';
import { fieldPath } from '../schema/field-path.ts';

/**
 * A field whose picked record may not be deleted (`x-refuseDelete`) or changed (`x-refuseChange`)
 * while held there: the entity holding it, the JSON containment document that finds a record
 * holding a given id there (lists included: `samples[].materialId` →
 * `{ "samples": [{ "materialId": id }] }`), and the declared message of each refusal.
 */
export interface BoundField {
  entity: string;
  path: string;
  /** The field's lookup source (`x-lookup`): which records it may hold. */
  source?: string;
  contains(id: string): unknown;
  /** Refuses deleting a held record (`x-refuseDelete`). */
  message?: LocalizedText;
  /** Refuses changing a held record while the holder is out of its draft states (`x-refuseChange`). */
  changeMessage?: LocalizedText;
}

interface Walk {
  root: RegisteredEntity['schema'];
  out: Omit<BoundField, 'entity'>[];
  budget: WalkBudget;
}

/** Each reference once per path (engine/schema/walk.ts): a bound field inside a tree's deeper levels is found where the recursion starts. */
function walk(w: Walk, node: FieldSchema, path: string[], wrap: (inner: unknown) => unknown, trail: RefTrail): void {
  const entered = enter(w.root, node, trail, w.budget);
  if (!entered || isRecursive(entered)) return;
  const resolved = entered.node;
  const { out } = w;
  const onDelete = resolved['x-refuseDelete'];
  const onChange = resolved['x-refuseChange'];
  if ((onDelete || onChange) && resolved.type === 'string') {
    out.push({ path: fieldPath(path), ...(resolved['x-lookup'] ? { source: resolved['x-lookup'] } : {}), contains: wrap, ...(onDelete ? { message: onDelete } : {}), ...(onChange ? { changeMessage: onChange } : {}) });
    return;
  }
  if (resolved.type === 'array' && resolved.items) return walk(w, resolved.items, path, (inner) => wrap([inner]), entered.trail);
  for (const [key, child] of Object.entries(resolved.properties ?? {})) walk(w, child, [...path, key], (inner) => wrap({ [key]: inner }), entered.trail);
}

/** Every `x-refuseDelete` / `x-refuseChange` field of the registry's entities (their newest versions), read at each delete and change. */
export function boundFields(registry: EntityRegistry): BoundField[] {
  return registry.list().flatMap(fieldsOf);
}

/** Each registration's bound fields, found once: registrations are immutable (a new template version is a new one). */
const found = new WeakMap<RegisteredEntity, BoundField[]>();
function fieldsOf(reg: RegisteredEntity): BoundField[] {
  let fields = found.get(reg);
  if (!fields) {
    const out: Omit<BoundField, 'entity'>[] = [];
    walk({ root: reg.schema, out, budget: new WalkBudget() }, reg.schema, [], (inner) => inner, RefTrail.ROOT);
    found.set(reg, (fields = out.map((f) => ({ ...f, entity: reg.name }))));
  }
  return fields;
}
