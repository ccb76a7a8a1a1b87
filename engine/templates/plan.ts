import type { FieldError } from '../validate/messages.ts';
import { migrateThrough, type ArchivedValue, type MigrationStep } from './migrate-doc.ts';
import type { ConversionFailure, DocChange, TemplateDiff } from './types.ts';
import type { Json } from './doc-paths.ts';

/** One stored record as a migration reads it. */
export interface StoredDoc {
  id: string;
  doc: Json;
}

/**
 * What a migration does to one record: `unchanged` (moves to the new version as it is),
 * `migrate` (its data changes), or `blocked` (a value does not convert, or the result breaks a
 * rule of the new version — the record cannot move without losing or corrupting data).
 */
export interface RecordPlan {
  id: string;
  outcome: 'unchanged' | 'migrate' | 'blocked';
  changes: DocChange[];
  archived: ArchivedValue[];
  failures: ConversionFailure[];
  /** Rules of the new version the migrated document breaks (messages in the caller's language). */
  errors: FieldError[];
  /** The migrated document (not sent to clients in previews). */
  doc: Json;
}

export interface MigrationPlan {
  from: number;
  to: number;
  /** The diff of each version step on the way. */
  steps: { from: number; to: number; diff: TemplateDiff }[];
  total: number;
  unchanged: number;
  migrate: number;
  blocked: number;
  /** Values that will go to the archive. */
  archived: number;
  records: RecordPlan[];
}

/**
 * The dry run of a migration: each record taken through every step, then checked against the
 * target version's rules by `validateTarget` (a compiled validator with localized messages).
 */
export function planMigration(
  steps: readonly MigrationStep[],
  records: readonly StoredDoc[],
  validateTarget: (doc: Json) => FieldError[],
): MigrationPlan {
  const plan = migrationPlan(steps, records);
  return withTargetErrors(plan, plan.records.map((p) => (p.failures.length ? [] : validateTarget(p.doc))));
}

/**
 * The dry run without the target's rules: each record taken through every step. The server
 * checks the migrated documents afterwards, in its template lane (they may be many, and the
 * target's validator is compiled there), and lays the errors on with `withTargetErrors`.
 */
export function migrationPlan(steps: readonly MigrationStep[], records: readonly StoredDoc[]): MigrationPlan {
  const first = steps[0];
  const last = steps[steps.length - 1];
  if (!first || !last) throw new Error('A migration needs at least one version step');
  const plans = records.map((record): RecordPlan => {
    const result = migrateThrough(steps, record.doc);
    const outcome = result.failures.length ? 'blocked' : result.changes.length ? 'migrate' : 'unchanged';
    return { id: record.id, outcome, changes: result.changes, archived: result.archived, failures: result.failures, errors: [], doc: result.doc };
  });
  return summarized({ from: first.from, to: last.to, steps: steps.map(({ from, to, diff }) => ({ from, to, diff })) }, plans);
}

/** The plan with the target's rule errors of each record (in the plan's order): a record breaking one is blocked. */
export function withTargetErrors(plan: MigrationPlan, errors: readonly FieldError[][]): MigrationPlan {
  const plans = plan.records.map((p, i): RecordPlan => {
    const found = p.failures.length ? [] : (errors[i] ?? []);
    return { ...p, errors: found, outcome: p.failures.length || found.length ? 'blocked' : p.changes.length ? 'migrate' : 'unchanged' };
  });
  return summarized(plan, plans);
}

function summarized(head: Pick<MigrationPlan, 'from' | 'to' | 'steps'>, plans: RecordPlan[]): MigrationPlan {
  const count = (o: RecordPlan['outcome']) => plans.filter((p) => p.outcome === o).length;
  return {
    from: head.from,
    to: head.to,
    steps: head.steps,
    total: plans.length,
    unchanged: count('unchanged'),
    migrate: count('migrate'),
    blocked: count('blocked'),
    archived: plans.reduce((n, p) => n + (p.outcome === 'blocked' ? 0 : p.archived.length), 0),
    records: plans,
  };
}
