import type { FieldSchema, LocalizedText } from '../declaration/types.ts';
import type { EntityRegistry, RegisteredEntity } from '../registry.ts';
import { MAX_FIELD_DEPTH, resolveNode } from '../schema/resolve.ts';
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

function walk(root: Parameters<typeof resolveNode>[0], node: FieldSchema, path: string[], wrap: (inner: unknown) => unknown, out: Omit<BoundField, 'entity'>[], depth = 0): void {
  // A recursive schema (a tree) is walked this deep only.
  if (depth > MAX_FIELD_DEPTH) return;
  const resolved = resolveNode(root, node);
  const onDelete = resolved['x-refuseDelete'];
  const onChange = resolved['x-refuseChange'];
  if ((onDelete || onChange) && resolved.type === 'string') {
    out.push({ path: fieldPath(path), ...(resolved['x-lookup'] ? { source: resolved['x-lookup'] } : {}), contains: wrap, ...(onDelete ? { message: onDelete } : {}), ...(onChange ? { changeMessage: onChange } : {}) });
    return;
  }
  if (resolved.type === 'array' && resolved.items) return walk(root, resolved.items, path, (inner) => wrap([inner]), out, depth + 1);
  for (const [key, child] of Object.entries(resolved.properties ?? {})) walk(root, child, [...path, key], (inner) => wrap({ [key]: inner }), out, depth + 1);
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
    walk(reg.schema, reg.schema, [], (inner) => inner, out);
    found.set(reg, (fields = out.map((f) => ({ ...f, entity: reg.name }))));
  }
  return fields;
}
