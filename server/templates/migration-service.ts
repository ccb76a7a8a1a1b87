import {
  changedFields,
  compileMigrationStep,
  localizeProblems,
  message,
  migrationPlan,
  withTargetErrors,
  registrationFor,
  TemplateProblemsError,
  toFieldErrors,
  type EntityRegistry,
  type FieldError,
  type Language,
  type MigrationPlan,
  type MigrationStep,
  type RecordPlan,
} from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { writeAudit } from '../entities/audit-repo.ts';
import { visibleTo } from '../entities/record-rules.ts';
import { ApiError } from '../http/errors.ts';
import { bodyOf, requireDesigner, versionNumber } from './guards.ts';
import { listVersions, type TemplateVersion } from './templates-repo.ts';
import * as store from './migration-repo.ts';
import { checkInLane, schemaErrors } from './record-validation.ts';

/** At most this many records are detailed in a preview or a refusal (the counts cover all). */
const DETAIL_LIMIT = 200;

/** One record in a preview: what happens to it, and why it cannot move when it cannot. */
export interface RecordPreview {
  id: string;
  outcome: RecordPlan['outcome'];
  changes: RecordPlan['changes'];
  archived: RecordPlan['archived'];
  problems: FieldError[];
}

export type MigrationPreview = Omit<MigrationPlan, 'records'> & { records: RecordPreview[]; truncated: boolean };

export interface MigrationResult {
  migrationId: number;
  from: number;
  to: number;
  migrated: number;
  kept: number;
  archived: number;
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

function previewOf(plan: MigrationPlan, lang: Language): MigrationPreview {
  const detailed = plan.records.filter((r) => r.outcome !== 'unchanged');
  const records = detailed.slice(0, DETAIL_LIMIT).map((r) => ({
    id: r.id,
    outcome: r.outcome,
    changes: r.changes,
    archived: r.archived,
    problems: [
      ...r.failures.map((f) => ({
        field: f.path,
        keyword: 'MIGRATION_NOT_CONVERTIBLE',
        message: message('MIGRATION_NOT_CONVERTIBLE', lang, { path: f.path, value: short(f.value), from: f.from, to: f.to }),
      })),
      ...r.errors,
    ],
  }));
  const { records: _all, ...counts } = plan;
  return { ...counts, records, truncated: detailed.length > records.length };
}

/**
 * Moving stored records from one template version to a newer one: a dry run (preview), then the
 * run itself — in one transaction: every record moves, its removed values go to the archive and
 * an audit row is written, or nothing changes at all.
 */
export class TemplateMigrations {
  constructor(
    private readonly db: Database,
    private readonly registry: EntityRegistry,
  ) {}

  /** The steps from → to (each version's renames), and a validator of the target version. */
  private async steps(code: string, versions: TemplateVersion[], from: number, to: number, allowDraftTarget: boolean, lang: Language) {
    const byNumber = new Map(versions.map((v) => [v.version, v]));
    const source = byNumber.get(from);
    const target = byNumber.get(to);
    const usable = (v: TemplateVersion | undefined, draftOk: boolean) => v && (v.status === 'published' || draftOk);
    if (!usable(source, false) || !usable(target, allowDraftTarget) || from >= to) throw new ApiError(400, 'MIGRATION_VERSIONS', { from, to });
    if (target!.status === 'draft') {
      const problems = localizeProblems((await checkInLane(target!.bundle, lang)).problems, lang);
      if (problems.length) throw new ApiError(400, 'TEMPLATE_INVALID', { count: problems.length }, problems);
    }
    const chain = versions.filter((v) => v.version >= from && v.version <= to);
    const steps: MigrationStep[] = [];
    try {
      for (let i = 1; i < chain.length; i++) {
        const [a, b] = [chain[i - 1]!, chain[i]!];
        steps.push(compileMigrationStep({ version: a.version, schema: a.bundle.schema }, { version: b.version, schema: b.bundle.schema }, b.renames));
      }
    } catch (err) {
      if (!(err instanceof TemplateProblemsError)) throw err;
      const problems = localizeProblems(err.problems, lang);
      throw new ApiError(400, 'TEMPLATE_INVALID', { count: problems.length }, problems);
    }
    // A published target's registered schema (its hash is kept), a draft's as stored; both validated in the template lane.
    const schema = target!.status === 'published' ? registrationFor(this.registry.get(code), to).schema : target!.bundle.schema;
    const check = async (docs: unknown[]): Promise<FieldError[][]> => (await schemaErrors(schema, docs, false)).map((found) => (found ? toFieldErrors(schema, found, lang) : []));
    return { steps, check };
  }

  private async plan(tx: Queryable, code: string, body: unknown, allowDraftTarget: boolean, lang: Language, lock: boolean) {
    const input = bodyOf(body);
    const from = versionNumber(input.from, 'from');
    const to = versionNumber(input.to, 'to');
    const versions = await listVersions(tx, code);
    if (!versions.length) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', { code });
    const { steps, check } = await this.steps(code, versions, from, to, allowDraftTarget, lang);
    const records = await store.recordsOfVersion(tx, code, from, lock);
    const plan = migrationPlan(steps, records);
    return { input, records, plan: withTargetErrors(plan, await check(plan.records.map((r) => r.doc))) };
  }

  /** The dry run: the diff of each step and what happens to every record. `to` may be the draft. */
  async preview(code: string, body: unknown, user: SessionUser, lang: Language): Promise<MigrationPreview> {
    requireDesigner(user);
    const { plan } = await this.plan(this.db, code, body, true, lang, false);
    return previewOf(plan, lang);
  }

  /**
   * Runs the migration in one transaction. Blocked records (a value that does not convert, or a
   * rule of the new version broken) refuse the whole run with 409 — unless `keepBlocked` is true,
   * in which case they stay on their version, which still shows and validates them.
   */
  async run(code: string, body: unknown, user: SessionUser, lang: Language): Promise<MigrationResult> {
    requireDesigner(user);
    return this.db.transaction(async (tx) => {
      await tx.query('select code from form_templates where code = $1 for update', [code]);
      const { input, records, plan } = await this.plan(tx, code, body, false, lang, true);
      if (plan.blocked && input.keepBlocked !== true) {
        const preview = previewOf(plan, lang);
        throw new ApiError(409, 'MIGRATION_BLOCKED', { count: plan.blocked }, undefined, { ...preview, records: preview.records.filter((r) => r.outcome === 'blocked') });
      }
      const target = registrationFor(this.registry.get(code), plan.to);
      const moving = plan.records.filter((r) => r.outcome !== 'blocked');
      const archived = moving.reduce((n, r) => n + r.archived.length, 0);
      const migrationId = await store.insertMigration(tx, { code, from: plan.from, to: plan.to, migrated: moving.length, kept: plan.blocked, archived, userId: user.id });
      const stored = new Map(records.map((r) => [r.id, r]));
      for (const r of moving) {
        const record = stored.get(r.id)!;
        await store.archiveValues(tx, migrationId, code, r.id, r.archived);
        if (!(await store.moveRecord(tx, r.id, record.version, r.doc, plan.to, visibleTo(target, r.doc, record.companyId)))) {
          throw new ApiError(409, 'VERSION_CONFLICT', { version: record.version + 1 });
        }
        await writeAudit(tx, code, r.id, user.id, {
          kind: 'update',
          changedFields: changedFields(record.doc, r.doc),
          version: record.version + 1,
          payload: { templateMigration: { migrationId, from: plan.from, to: plan.to, archived: r.archived.length } },
        });
      }
      return { migrationId, from: plan.from, to: plan.to, migrated: moving.length, kept: plan.blocked, archived };
    });
  }

  async archive(code: string, recordId: string | undefined, user: SessionUser): Promise<store.ArchiveEntry[]> {
    requireDesigner(user);
    return store.listArchive(this.db, code, recordId);
  }

  async history(code: string, user: SessionUser): Promise<store.MigrationRun[]> {
    requireDesigner(user);
    return store.listMigrations(this.db, code);
  }
}
