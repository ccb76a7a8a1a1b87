import { localizeProblems, TEMPLATE_CODE, type EntityRegistry, type FieldError, type Language, type LocalizedText } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import type { Jobs } from '../jobs/pool.ts';
import { bodyOf, isRecord, requireDesigner } from './guards.ts';
import { templateRoutes } from './template-bundle.ts';
import type { DraftResult, TemplateService } from './template-service.ts';
import * as repo from './templates-repo.ts';
import { schemaTitleJob } from './template-jobs.ts';

/** An imported template's first draft, with what the import changed or could not keep (`report`), field by field. */
export interface ImportResultBody extends DraftResult {
  report: FieldError[];
}

/** A template code (camelCase letters and digits) made of a name or title: `Dependabot config v2` → `dependabotConfigV2`. */
export function codeOf(text: string): string {
  const words = text.match(/[A-Za-z0-9]+/g) ?? [];
  const camel = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  const code = /^[a-z]/.test(camel) ? camel : `schema${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
  return code.slice(0, 36).replace(/^schema$/, 'importedSchema');
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined);

/**
 * POST /api/templates/import (issue 21): a JSON Schema — pasted text or an object, with its
 * uiSchema and the sibling files it references — becomes a new template's first draft. Same
 * permission as creating a template. Refused (400, per-field messages) only when it is not JSON,
 * not a schema, or past the limits; everything else is kept or changed and reported. The import
 * and the checks run in the job pool (server/jobs/pool.ts): the schema is outside input.
 */
export async function importTemplate(db: Database, registry: EntityRegistry, templates: TemplateService, jobs: Jobs, raw: unknown, user: SessionUser, lang: Language): Promise<ImportResultBody> {
  requireDesigner(user);
  const body = bodyOf(raw);
  if (body.files !== undefined && !isRecord(body.files)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'files' });
  if (body.label !== undefined && !isRecord(body.label)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'label' });
  if (body.schema === undefined) throw new ApiError(400, 'BAD_REQUEST', { detail: 'schema' });
  const label = (body.label ?? {}) as Partial<LocalizedText>;
  const given = typeof body.code === 'string' && body.code !== '' ? body.code : undefined;
  // Pasted text is parsed for its title in the job pool, as the import parses it there: up to the body limit of JSON.
  const schemaTitle = typeof body.schema === 'string' ? await jobs.run('schemaTitle', { text: body.schema }) : schemaTitleJob({ schema: body.schema });
  let code = given ?? codeOf(text(label['en-US']) ?? schemaTitle ?? text(body.name)?.replace(/\.json$/i, '') ?? 'importedSchema');
  if (!given && TEMPLATE_CODE.test(code)) {
    // A code made up for the designer: the first free one (`name`, `name2`, …), never a built-in entity's.
    const base = code;
    const taken = async (c: string) => (registry.has(c) && !registry.isDynamic(c)) || !!(await repo.getTemplateRow(db, c));
    for (let i = 2; (await taken(code)) && i < 1000; i++) code = `${base}${i}`;
  }
  const made = await jobs.run('importSchema', { code, schema: body.schema, uiSchema: body.uiSchema, files: body.files as Record<string, unknown> | undefined, label, routes: templateRoutes(code) });
  if ('refused' in made) throw new ApiError(400, 'TEMPLATE_IMPORT_REFUSED', { count: made.refused.length }, localizeProblems(made.refused, lang));
  const created = await templates.create({ code, kind: body.kind, bundle: made.bundle }, user, lang);
  return { ...created, report: localizeProblems(made.notes, lang) };
}
