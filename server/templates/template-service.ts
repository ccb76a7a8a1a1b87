import {
  compileProblem,
  diffSchemas,
  localizeProblems,
  message,
  SchemaBudgetError,
  TEMPLATE_CODE,
  TemplateProblemsError,
  type EntityRegistry,
  type FieldError,
  type Language,
  type LocalizedText,
  type RegisteredEntity,
  type RenameMap,
  type TemplateBundle,
  type TemplateCheck,
  type TemplateDiff,
} from '../../engine/index.ts';
import type { Jobs } from '../jobs/pool.ts';
import type { Database, Queryable } from '../db/database.ts';
import { entityIndexStatements } from '../db/sql-expressions.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { bodyOf, isDesigner, isRecord, renameMap, requireDesigner } from './guards.ts';
import { normalizeBundle, starterBundle } from './template-bundle.ts';
import * as repo from './templates-repo.ts';
import type { TemplateKind, TemplateVersion } from './templates-repo.ts';
import type { TemplateSync } from './template-sync.ts';
import { compileInLane } from './record-validation.ts';
import { placedBundle, placementOf, requestedPlacement, type MenuPlacement } from './menu-placement.ts';

export interface TemplateSummary {
  code: string;
  kind: TemplateKind;
  label: LocalizedText;
  /** The newest published version: new records use it. */
  current: number | null;
  /** The draft being designed (designers only). */
  draft: number | null;
  versions: { version: number; status: repo.VersionStatus; publishedAt: string | null }[];
}

/** A saved draft, what would stop it from being published and what only deserves a warning (missing translations), in the request's language. */
export interface DraftResult {
  version: TemplateVersion;
  problems: FieldError[];
  warnings: FieldError[];
}

/** A check's refusals and warnings, localized. */
export interface CheckResult {
  problems: FieldError[];
  warnings: FieldError[];
}

const headOf = (v: TemplateVersion): repo.VersionHead => ({ code: v.code, version: v.version, status: v.status, publishedAt: v.publishedAt, label: v.bundle.entity.label });

function summarize(code: string, kind: TemplateKind, versions: repo.VersionHead[], designer: boolean): TemplateSummary | undefined {
  const visible = designer ? versions : versions.filter((v) => v.status === 'published');
  const published = versions.filter((v) => v.status === 'published');
  const newest = visible[visible.length - 1];
  if (!newest) return undefined;
  const current = published[published.length - 1];
  return {
    code,
    kind,
    label: (current ?? newest).label,
    current: current?.version ?? null,
    draft: designer ? (versions.find((v) => v.status === 'draft')?.version ?? null) : null,
    versions: visible.map((v) => ({ version: v.version, status: v.status, publishedAt: v.publishedAt })),
  };
}

/** The newest published version before `version`: the one a new version is diffed and migrated from. */
const previousPublished = (versions: TemplateVersion[], version: number) =>
  versions.filter((v) => v.status === 'published' && v.version < version).at(-1);

/**
 * The bundle a draft is published as: with the menu placement asked for, else the previous
 * version's (a version published before placements keeps showing to every user), else for a first
 * version the draft's own roles or none (no menu entry).
 */
function publishedAs(draft: TemplateBundle, requested: MenuPlacement | undefined, previous: TemplateVersion | undefined): TemplateBundle {
  if (requested) return placedBundle(draft, requested);
  if (previous) {
    const before = placementOf(previous.bundle);
    return before ? placedBundle(draft, before) : draft;
  }
  return placedBundle(draft, placementOf(draft) ?? { group: draft.entity.menu?.group ?? null, roles: [] });
}

/**
 * Templates: drafts the designer edits freely, published versions that never change, and the
 * registry kept in step (a published version is an entity the generic endpoints serve).
 */
export class TemplateService {
  constructor(
    private readonly db: Database,
    private readonly registry: EntityRegistry,
    /** Checks (and so compiles) the designer's schemas off the server's thread, within limits (server/jobs/pool.ts). */
    private readonly jobs: Jobs,
    private readonly warn: (err: unknown, what: string) => void = () => undefined,
    /** Tells the other server processes of a publish or removal (template-sync.ts). */
    private readonly sync?: Pick<TemplateSync, 'announce'>,
  ) {}

  /** The templates the user may see, optionally of one kind and matching a code or name (`q`). */
  async list(user: SessionUser, filter: { kind?: string; q?: string } = {}): Promise<TemplateSummary[]> {
    const [rows, versions] = await Promise.all([repo.listTemplateRows(this.db), repo.listVersionHeads(this.db)]);
    const designer = isDesigner(user);
    const byCode = new Map<string, repo.VersionHead[]>();
    for (const v of versions) byCode.set(v.code, [...(byCode.get(v.code) ?? []), v]);
    const q = filter.q?.trim().toLowerCase();
    return rows
      .filter((r) => !filter.kind || r.kind === filter.kind)
      .flatMap((r) => summarize(r.code, r.kind, byCode.get(r.code) ?? [], designer) ?? [])
      .filter((t) => !q || t.code.toLowerCase().includes(q) || Object.values(t.label).some((l) => String(l).toLowerCase().includes(q)));
  }

  async get(code: string, user: SessionUser): Promise<TemplateSummary> {
    const row = await repo.getTemplateRow(this.db, code);
    const summary = row && summarize(row.code, row.kind, (await repo.listVersions(this.db, code)).map(headOf), isDesigner(user));
    if (!summary) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', { code });
    return summary;
  }

  /** One version with its bundle; drafts only for designers. */
  async version(code: string, version: number, user: SessionUser): Promise<TemplateVersion> {
    const found = await repo.getVersion(this.db, code, version);
    if (!found || (found.status === 'draft' && !isDesigner(user))) throw new ApiError(404, 'TEMPLATE_VERSION_NOT_FOUND', { code, version });
    return found;
  }

  /** The template checks of a bundle (checkTemplateWithWarnings), run by the job pool: a designer's schema is outside input. */
  private check(bundle: unknown, lang: Language): Promise<TemplateCheck> {
    return this.jobs.run('checkTemplate', { bundle, lang });
  }

  /** What stops a bundle from being published: its own checks (`checked`, from `check`), then its renames against the previous version. */
  private checkOf(checked: TemplateCheck, bundle: unknown, renames: RenameMap, previous: TemplateVersion | undefined, lang: Language): CheckResult {
    const warnings = localizeProblems(checked.warnings, lang);
    if (checked.problems.length || !previous) return { problems: localizeProblems(checked.problems, lang), warnings };
    try {
      diffSchemas(previous.bundle.schema, (bundle as TemplateBundle).schema, renames);
      return { problems: [], warnings };
    } catch (err) {
      if (err instanceof TemplateProblemsError) return { problems: localizeProblems(err.problems, lang), warnings };
      throw err;
    }
  }

  /**
   * A stored draft must at least have the bundle's outline (so every later read is safe); the
   * checks come back with it. `fresh`: a new template (create, import), which is also refused past
   * the field limit: nothing of the user's is lost (they still hold what they sent), and the
   * server neither stores nor reads back nor answers with megabytes it could never publish (issue
   * 52's bench: a 10,000-field import cost the request thread about 60 ms). A draft being edited
   * keeps its work and carries the limit as a problem.
   */
  private async wellFormed(code: string, version: number, raw: unknown, lang: Language, fresh = false): Promise<{ bundle: TemplateBundle; checked: TemplateCheck }> {
    const bundle = normalizeBundle(code, version, raw);
    const checked = await this.check(bundle, lang);
    const shape = checked.problems.filter((p) => p.code === 'TEMPLATE_SHAPE' || (fresh && p.code === 'TEMPLATE_TOO_MANY_FIELDS'));
    if (shape.length) throw new ApiError(400, fresh ? 'TEMPLATE_NOT_SAVED' : 'TEMPLATE_INVALID', { count: shape.length }, localizeProblems(shape, lang));
    return { bundle: bundle as TemplateBundle, checked };
  }

  async create(raw: unknown, user: SessionUser, lang: Language): Promise<DraftResult> {
    requireDesigner(user);
    const body = bodyOf(raw);
    const code = typeof body.code === 'string' ? body.code : '';
    const kind = body.kind ?? 'dff';
    if (!repo.TEMPLATE_KINDS.includes(kind as TemplateKind)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'kind' });
    if (!TEMPLATE_CODE.test(code) || code in Object.prototype || (this.registry.has(code) && !this.registry.isDynamic(code))) {
      throw new ApiError(400, 'TEMPLATE_CODE_INVALID', { code: code.slice(0, 60) });
    }
    let made: { bundle: TemplateBundle; checked: TemplateCheck };
    if (body.bundle !== undefined) made = await this.wellFormed(code, 1, body.bundle, lang, true);
    else if (isRecord(body.label) && typeof body.label['zh-CN'] === 'string' && typeof body.label['en-US'] === 'string') {
      const bundle = starterBundle(code, { 'zh-CN': body.label['zh-CN'], 'en-US': body.label['en-US'] }, String(kind));
      made = { bundle, checked: await this.check(bundle, lang) };
    } else throw new ApiError(400, 'BAD_REQUEST', { detail: 'bundle' });
    const { bundle, checked } = made;
    await this.db.transaction(async (tx) => {
      if (await repo.getTemplateRow(tx, code)) throw new ApiError(409, 'TEMPLATE_CODE_TAKEN', { code });
      await repo.insertTemplate(tx, code, kind as TemplateKind, user.id);
      await repo.insertVersion(tx, code, 1, bundle, {}, user.id);
    });
    return { version: (await repo.getVersion(this.db, code, 1))!, ...this.checkOf(checked, bundle, {}, undefined, lang) };
  }

  /** Saves the bundle (and renames) of a draft; a published version answers 409. */
  async saveDraft(code: string, version: number, raw: unknown, user: SessionUser, lang: Language): Promise<DraftResult> {
    requireDesigner(user);
    const body = bodyOf(raw);
    const renames = renameMap(body.renames);
    const { bundle, checked } = await this.wellFormed(code, version, body.bundle, lang);
    return this.db.transaction(async (tx) => {
      const current = await this.existing(tx, code, version, true);
      if (current.status === 'published') throw new ApiError(409, 'TEMPLATE_PUBLISHED', { version });
      await repo.updateDraft(tx, code, version, bundle, renames);
      const previous = previousPublished(await repo.listVersions(tx, code), version);
      return { version: (await repo.getVersion(tx, code, version))!, ...this.checkOf(checked, bundle, renames, previous, lang) };
    });
  }

  /** Opens the next version as a draft, copied from the newest published one. */
  async newVersion(code: string, user: SessionUser, lang: Language): Promise<DraftResult> {
    requireDesigner(user);
    // Checked once committed: the job pool is not waited for while the transaction holds its locks.
    const made = await this.db.transaction(async (tx) => {
      if (!(await repo.getTemplateRow(tx, code, true))) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', { code });
      const versions = await repo.listVersions(tx, code);
      const draft = versions.find((v) => v.status === 'draft');
      if (draft) throw new ApiError(409, 'TEMPLATE_DRAFT_EXISTS', { version: draft.version });
      const source = versions[versions.length - 1]!;
      const version = source.version + 1;
      const bundle = normalizeBundle(code, version, structuredClone(source.bundle)) as TemplateBundle;
      await repo.insertVersion(tx, code, version, bundle, {}, user.id);
      return { version: (await repo.getVersion(tx, code, version))!, source };
    });
    return { version: made.version, ...this.checkOf(await this.check(made.version.bundle, lang), made.version.bundle, {}, made.source, lang) };
  }

  /**
   * Deletes a whole template, published versions included, while no record was made with it: a
   * material or product template holding material data is refused with SPEC §8's 'cannot delete
   * when material data exists' (409 `TEMPLATE_HAS_RECORDS`), any other with records likewise. Once
   * committed, the template leaves the registry.
   */
  async removeTemplate(code: string, user: SessionUser): Promise<void> {
    requireDesigner(user);
    await this.db.transaction(async (tx) => {
      const row = await repo.getTemplateRow(tx, code, true);
      if (!row) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', { code });
      if (await repo.hasRecords(tx, code)) throw new ApiError(409, row.kind === 'material' || row.kind === 'product' ? 'TEMPLATE_HAS_RECORDS' : 'TEMPLATE_HAS_RECORDS_FORM');
      await repo.deleteWholeTemplate(tx, code);
      await this.sync?.announce(tx, { code, removed: true });
    });
    this.registry.unregisterDynamic(code);
  }

  /** Deletes a draft; a template that was never published goes with its only draft (and its settings). */
  async removeDraft(code: string, version: number, user: SessionUser): Promise<void> {
    requireDesigner(user);
    await this.db.transaction(async (tx) => {
      const current = await this.existing(tx, code, version, true);
      if (current.status === 'published') throw new ApiError(409, 'TEMPLATE_PUBLISHED', { version });
      await repo.deleteDraft(tx, code, version);
      if (!(await repo.listVersions(tx, code)).length) await repo.deleteTemplate(tx, code);
    });
  }

  /**
   * Publishes a draft: every check passes or nothing changes (400 with the problems). The version
   * is compiled inside the transaction and joins the registry once it commits; then the list
   * indexes its views declare are built. The answer carries the warnings (missing translations)
   * that did not stop it. `placement` of the body: where the list sits in the menu and for which
   * roles (menu-placement.ts); checked first.
   */
  async publish(code: string, version: number, raw: unknown, user: SessionUser, lang: Language): Promise<TemplateVersion & { warnings: FieldError[] }> {
    requireDesigner(user);
    const requested = requestedPlacement(bodyOf(raw), lang);
    let prepared: RegisteredEntity | undefined;
    let warnings: FieldError[] = [];
    // The checks run in the job pool before the transaction, which then publishes only the bundle checked.
    const draft = await this.existing(this.db, code, version);
    if (draft.status === 'published') throw new ApiError(409, 'TEMPLATE_PUBLISHED', { version });
    const check = await this.check(draft.bundle, lang);
    // The version's validators are compiled in the template lane, not here (record-validation.ts): a bad compile refuses the publish.
    if (!check.problems.length) {
      const detail = message('TEMPLATE_SCHEMA_UNCOMPILED', lang);
      await compileInLane(draft.bundle.schema, () => new ApiError(400, 'TEMPLATE_INVALID', { count: 1 }, [{ field: 'schema', keyword: 'TEMPLATE_SCHEMA_UNCOMPILED', message: detail }]));
    }
    const published = await this.db.transaction(async (tx) => {
      const current = await this.existing(tx, code, version, true);
      if (current.status === 'published') throw new ApiError(409, 'TEMPLATE_PUBLISHED', { version });
      if (JSON.stringify(current.bundle) !== JSON.stringify(draft.bundle)) throw new ApiError(409, 'TEMPLATE_DRAFT_CHANGED', { version });
      const previous = previousPublished(await repo.listVersions(tx, code), version);
      const checked = this.checkOf(check, current.bundle, current.renames, previous, lang);
      if (checked.problems.length) throw new ApiError(400, 'TEMPLATE_INVALID', { count: checked.problems.length }, checked.problems);
      warnings = checked.warnings;
      const bundle = publishedAs(current.bundle, requested, previous);
      try {
        prepared = this.registry.prepareVersion(bundle, version);
      } catch (err) {
        // Never the compiler's own words: a translated sentence for what it could not compile.
        const said = err instanceof SchemaBudgetError ? message(err.code, lang, err.params) : message('TEMPLATE_SCHEMA_INVALID', lang, { path: 'schema', detail: compileProblem(err, lang) });
        throw new ApiError(400, 'TEMPLATE_INVALID', { count: 1 }, [{ field: 'bundle', keyword: err instanceof SchemaBudgetError ? err.code : 'TEMPLATE_DECLARATION_INVALID', message: said }]);
      }
      if (!(await repo.markPublished(tx, code, version, user.id, bundle))) throw new ApiError(409, 'TEMPLATE_PUBLISHED', { version });
      await this.sync?.announce(tx, { code, version });
      return (await repo.getVersion(tx, code, version))!;
    });
    const registered = this.registry.addVersion(prepared!);
    for (const ddl of entityIndexStatements(registered)) {
      await this.db.exec(ddl).catch((err: unknown) => this.warn(err, `list index of template ${code} v${version}`));
    }
    return { ...published, warnings };
  }

  /** The diff of a version against the previous published one, with the version's renames. */
  async diff(code: string, version: number, user: SessionUser, lang: Language): Promise<{ from: number | null; to: number; diff: TemplateDiff | null } & CheckResult> {
    requireDesigner(user);
    const target = await this.existing(this.db, code, version);
    const previous = previousPublished(await repo.listVersions(this.db, code), version);
    const { problems, warnings } = this.checkOf(await this.check(target.bundle, lang), target.bundle, target.renames, previous, lang);
    if (!previous || problems.length) return { from: previous?.version ?? null, to: version, diff: null, problems, warnings };
    return { from: previous.version, to: version, diff: diffSchemas(previous.bundle.schema, target.bundle.schema, target.renames), problems, warnings };
  }

  private async existing(db: Queryable, code: string, version: number, forUpdate = false): Promise<TemplateVersion> {
    const found = await repo.getVersion(db, code, version, forUpdate);
    if (!found) throw new ApiError(404, 'TEMPLATE_VERSION_NOT_FOUND', { code, version });
    return found;
  }
}
