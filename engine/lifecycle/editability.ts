import type { RegisteredEntity } from '../registry.ts';
import { hasPermission, type PermissionMap } from '../permissions.ts';
import type { LocalizedText } from '../declaration/types.ts';
import { activeMeta, restore, type PersistedSnapshot } from './snapshot.ts';
import { valuesAt, withoutValueAt } from '../schema/doc-value.ts';
import { fieldAt } from '../schema/resolve.ts';
import { pathKeys } from '../schema/field-path.ts';

/**
 * The top-level fields that may change in the record's state. A field's own `x-editableIn`
 * (states where it is editable) wins; otherwise the union of the active states'
 * `meta.editable` ('*' = every field) decides. Without a lifecycle every field is editable.
 * System fields (`x-system`, `readOnly`) never are.
 */
export function editableFields(reg: RegisteredEntity, snapshot: PersistedSnapshot | undefined): ReadonlySet<string> {
  const props = Object.entries(reg.schema.properties).filter(([, n]) => !n['x-system'] && !n.readOnly);
  if (!reg.machine || !snapshot) return new Set(props.map(([k]) => k));
  let all = false;
  const byState = new Set<string>();
  for (const meta of activeMeta(reg.machine, snapshot)) {
    const editable = meta.editable as '*' | readonly string[] | undefined;
    if (editable === '*') all = true;
    else for (const f of editable ?? []) byState.add(f);
  }
  const active = activeStateKeys(reg, snapshot);
  const out = new Set<string>();
  for (const [key, node] of props) {
    const own = node['x-editableIn'];
    if (own ? own.some((s) => active.has(s)) : all || byState.has(key)) out.add(key);
  }
  return out;
}

/** The keys of the record's active states, at every level and in every parallel region. */
export function activeStateKeys(reg: RegisteredEntity, snapshot: PersistedSnapshot | undefined): ReadonlySet<string> {
  if (!reg.machine || !snapshot) return new Set();
  return new Set(restore(reg.machine, snapshot)._nodes.map((n: { key: string }) => n.key));
}

/**
 * The top-level fields of data linked to a parent record (a TRF's DFF record) that may change
 * now: a field's own `x-editableIn` names states of the parent's lifecycle (the designer's
 * per-state editability); any other field follows the parent, which lets its link change or not
 * (`parentAllows`). System fields never change.
 */
export function linkedEditableFields(reg: RegisteredEntity, parentStates: ReadonlySet<string>, parentAllows: boolean): ReadonlySet<string> {
  const out = new Set<string>();
  for (const [key, node] of Object.entries(reg.schema.properties)) {
    if (node['x-system'] || node.readOnly) continue;
    const own = node['x-editableIn'];
    if (own ? own.some((s) => parentStates.has(s)) : parentAllows) out.add(key);
  }
  return out;
}

/** The message of a state in which the record is gone for its users (`meta.gone`: a cancelled authorization), if active. */
export function goneMessage(reg: RegisteredEntity, snapshot: PersistedSnapshot): LocalizedText | undefined {
  if (!reg.machine) return undefined;
  return activeMeta(reg.machine, snapshot).find((m) => m.gone)?.gone as LocalizedText | undefined;
}

/** A draft state saves without the `required` checks. */
export function isDraftState(reg: RegisteredEntity, snapshot: PersistedSnapshot | undefined): boolean {
  if (!reg.machine || !snapshot) return false;
  return activeMeta(reg.machine, snapshot).some((m) => m.draft === true);
}

/** Deep equality of JSON values, blind to key order (jsonb reorders keys). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Top-level fields whose value differs between two documents. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !jsonEqual(before[k], after[k]));
}

/**
 * The code each change between two documents needs: a `fieldPermissions` field (top-level or nested,
 * `buyer.contactName`, `/a.b`, or in each row of a list, `samples.price`) whose value differs needs its
 * own code; any other change, the changed top-level field the entity's update permission (a nested
 * field's own code covers it alone, not its siblings; adding or removing a row is the list's change,
 * and a row's value of the field, set or dropped with it, that field's too, unless it is the field's
 * declared default, which a new row gets without asking).
 */
export function codesForChange(reg: RegisteredEntity, before: Record<string, unknown>, after: Record<string, unknown>): { field: string; code: string }[] {
  const out: { field: string; code: string }[] = [];
  let [rest, restAfter] = [before, after];
  for (const [field, code] of Object.entries(reg.entity.fieldPermissions ?? {})) {
    // A row added with the field's declared default (the form fills it, disabled) changes nothing of the field's.
    const declared = fieldAt(reg.schema, field)?.default;
    const set = (doc: Record<string, unknown>) => valuesAt(doc, field).filter((v) => declared === undefined || !jsonEqual(v, declared));
    if (!jsonEqual(set(before), set(after))) out.push({ field, code });
    [rest, restAfter] = [withoutValueAt(rest, field), withoutValueAt(restAfter, field)];
  }
  return [...out, ...changedFields(rest, restAfter).map((field) => ({ field, code: reg.entity.permissions.update }))];
}

/**
 * Of the fields a state lets change, those this user may change: a field with its own code
 * (`fieldPermissions`) needs that code, the others the entity's update permission.
 */
export function permittedFields(reg: RegisteredEntity, editable: ReadonlySet<string>, permissions: PermissionMap): ReadonlySet<string> {
  const own = reg.entity.fieldPermissions ?? {};
  return new Set([...editable].filter((f) => hasPermission(permissions, own[f] ?? reg.entity.permissions.update)));
}

/** The nested fields with their own code (`fieldPermissions`: `buyer.contactName`, `samples.price`) this user lacks: an edit form shows them disabled inside their object or each row. */
export function lockedNestedFields(reg: RegisteredEntity, permissions: PermissionMap): string[] {
  return Object.entries(reg.entity.fieldPermissions ?? {})
    .filter(([field, code]) => pathKeys(field).length > 1 && !hasPermission(permissions, code))
    .map(([field]) => field);
}
