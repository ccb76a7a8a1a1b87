import type { EntitySchema } from '../declaration/types.ts';
import { jsonEqual } from '../lifecycle/editability.ts';
import { collectFields, depthOf } from './field-shapes.ts';
import { diffSchemas } from './diff.ts';
import { convertValue } from './convert.ts';
import { docKeys, fieldPath } from '../schema/field-path.ts';
import { clone, containers, deletePlain, locate, readPlain, writePlain, type Json } from './doc-paths.ts';
import type { ConversionFailure, DocChange, RenameMap, TemplateDiff } from './types.ts';

/** A value taken out of a document because its field was removed; kept in the archive, never dropped. */
export interface ArchivedValue {
  /** The version the value was stored under. */
  version: number;
  path: string;
  value: unknown;
}

/** What migrating one document did, or could not do. */
export interface DocMigration {
  doc: Json;
  changes: DocChange[];
  archived: ArchivedValue[];
  failures: ConversionFailure[];
}

/** One version step (v → v+1 or any later one) compiled once and applied to many documents. */
export interface MigrationStep {
  from: number;
  to: number;
  diff: TemplateDiff;
  apply(doc: Json): DocMigration;
}

export interface VersionSchema {
  version: number;
  schema: EntitySchema;
}

const join = (base: string, rel: readonly string[]) => fieldPath([...docKeys(base), ...rel]);

/**
 * Compiles the step from one version to the next: the diff, and a pure function that moves a
 * stored document across it — removed fields archived first (old paths), then renames (a parent
 * before its children; renames at one depth read together, so swaps work), then type conversions
 * (parents first), then declared defaults of added fields.
 */
export function compileMigrationStep(before: VersionSchema, after: VersionSchema, renames: RenameMap = {}): MigrationStep {
  const diff = diffSchemas(before.schema, after.schema, renames);
  const newFields = collectFields(after.schema);
  const ordered = diff.renamed;
  const renameGroups = new Map<number, { from: string; to: string }[]>();
  for (const r of ordered) renameGroups.set(depthOf(r.from), [...(renameGroups.get(depthOf(r.from)) ?? []), r]);
  const conversions = [...diff.typeChanged].sort((a, b) => depthOf(a.path) - depthOf(b.path));

  const apply = (input: Json): DocMigration => {
    const doc = clone(input);
    const result: DocMigration = { doc, changes: [], archived: [], failures: [] };
    for (const removed of diff.removed) {
      for (const loc of locate(doc, docKeys(removed.path))) {
        const value = loc.container[loc.key];
        delete loc.container[loc.key];
        result.archived.push({ version: before.version, path: loc.path, value });
        result.changes.push({ kind: 'archive', path: loc.path, value });
      }
    }
    const applied = new Map<string, string>();
    const translate = (path: string) => {
      const keys = docKeys(path);
      for (let n = keys.length; n > 0; n--) {
        const to = applied.get(fieldPath(keys.slice(0, n)));
        if (to !== undefined) return fieldPath([...docKeys(to), ...keys.slice(n)]);
      }
      return path;
    };
    for (const depth of [...renameGroups.keys()].sort((a, b) => a - b)) {
      const group = renameGroups.get(depth) ?? [];
      const moves: { container: Json; rel: string[]; value: unknown; from: string; to: string }[] = [];
      for (const { from, to } of group) {
        const scope = newFields.get(to)?.listScope ?? '';
        const src = docKeys(translate(from)).slice(docKeys(scope).length);
        const dst = docKeys(to).slice(docKeys(scope).length);
        const instances = scope ? containers(doc, docKeys(scope)) : [{ container: doc, path: '' }];
        for (const { container, path } of instances) {
          const read = readPlain(container, src);
          if (!read.found) continue;
          deletePlain(container, src);
          moves.push({ container, rel: dst, value: read.value, from: join(path, src), to: join(path, dst) });
        }
      }
      for (const move of moves) {
        if (writePlain(move.container, move.rel, move.value)) result.changes.push({ kind: 'rename', from: move.from, to: move.to });
        else result.failures.push({ path: move.to, value: move.value, from: move.from, to: move.to });
      }
      for (const r of group) applied.set(r.from, r.to);
    }
    for (const change of conversions) {
      const target = newFields.get(change.path)?.type;
      if (!target) continue;
      for (const loc of locate(doc, docKeys(change.path))) {
        const value = loc.container[loc.key];
        const converted = convertValue(value, target);
        if (!converted.ok) {
          result.failures.push({ path: loc.path, value, from: change.from, to: change.to });
          continue;
        }
        if (jsonEqual(value, converted.value)) continue;
        if (converted.value === undefined) delete loc.container[loc.key];
        else loc.container[loc.key] = converted.value;
        result.changes.push({ kind: 'convert', path: loc.path, from: value, to: converted.value });
      }
    }
    for (const added of diff.added) {
      if (added.default === undefined) continue;
      const keys = docKeys(added.path);
      const key = keys[keys.length - 1]!;
      const parents = keys.length > 1 ? containers(doc, keys.slice(0, -1)) : [{ container: doc, path: '' }];
      for (const { container, path } of parents) {
        if (Object.hasOwn(container, key) || !writePlain(container, [key], clone(added.default))) continue;
        result.changes.push({ kind: 'default', path: join(path, [key]), value: added.default });
      }
    }
    return result;
  };
  return { from: before.version, to: after.version, diff, apply };
}

/** Applies consecutive steps (v1 → v2 → v3) to one document, gathering what each did. */
export function migrateThrough(steps: readonly MigrationStep[], doc: Json): DocMigration {
  let current: DocMigration = { doc, changes: [], archived: [], failures: [] };
  for (const step of steps) {
    const next = step.apply(current.doc);
    current = {
      doc: next.doc,
      changes: [...current.changes, ...next.changes],
      archived: [...current.archived, ...next.archived],
      failures: [...current.failures, ...next.failures],
    };
  }
  return current;
}
