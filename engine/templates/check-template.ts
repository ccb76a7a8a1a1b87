import type { ErrorObject, ValidateFunction } from 'ajv';
import type { EntitySchema, Language } from '../declaration/types.ts';
import { LANGUAGES } from '../declaration/types.ts';
import { checkEntityBundle } from '../declaration/check.ts';
import { templateAccess } from './template-access.ts';
import { resolveField } from '../derive/fields.ts';
import { message } from '../i18n/messages.ts';
import { compileProblem } from '../i18n/validation-messages.ts';
import { withValidatorId } from '../validate/schema-id.ts';
import { fieldPath, pointerKeys } from '../schema/field-path.ts';
import { createAjv, draftOf } from '../validate/ajv.ts';
import { keywordMessage, type FieldError } from '../validate/messages.ts';
import { TEMPLATE_BUNDLE_SHAPE } from './bundle-shape.ts';
import { checkFields, countFields, hasBothLanguages, MAX_TEMPLATE_FIELDS } from './check-fields.ts';
import { refCycles } from './check-cycles.ts';
import { SchemaBudgetError } from '../schema/walk.ts';
import type { TemplateBundle, TemplateProblem } from './types.ts';

let compiledShape: ValidateFunction | undefined;
/** The bundle shape's validator, compiled on first check (not at import: every page imports this module). */
const shapeValidator = (): ValidateFunction => (compiledShape ??= createAjv().compile(TEMPLATE_BUNDLE_SHAPE));

function ajvProblems(code: 'TEMPLATE_SHAPE' | 'TEMPLATE_SCHEMA_INVALID', base: string, errors: ErrorObject[] | null | undefined, lang: Language): TemplateProblem[] {
  const seen = new Set<string>();
  const out: TemplateProblem[] = [];
  for (const e of errors ?? []) {
    const keys = [base, ...pointerKeys(e.instancePath)];
    const path = fieldPath(keys);
    if (seen.has(path)) continue; // a meta-schema anyOf fails once per branch: one message per place
    seen.add(path);
    // The engine's sentence for the rule, the place in the template named by its path (never ajv's wording).
    const detail = keywordMessage(e, lang, { schema: { type: 'object', properties: {} } as EntitySchema, where: path, keys });
    out.push({ at: path, code, params: { path, detail } });
  }
  return out;
}

function checkViews(bundle: TemplateBundle, warnings: TemplateProblem[]): TemplateProblem[] {
  const { entity, schema, views } = bundle;
  const out: TemplateProblem[] = [];
  const exists = (field: string, at: string, place: string) => {
    try {
      return resolveField(entity, schema, field);
    } catch {
      out.push({ at, code: 'TEMPLATE_VIEW_FIELD', params: { field, place } });
      return undefined;
    }
  };
  exists(entity.titleField, 'entity.titleField', 'titleField');
  views.list.columns.forEach((c, i) => exists(c.field, `views.list.columns.${i}`, 'list.columns'));
  exists(views.list.defaultSort.field, 'views.list.defaultSort', 'list.defaultSort');
  views.list.filters.forEach((f, i) => {
    const resolved = exists(f.field, `views.list.filters.${i}`, 'list.filters');
    if (!resolved) return;
    const fits = f.op === 'contains' ? resolved.kind === 'text' : f.op === 'range' ? ['date', 'datetime', 'number'].includes(resolved.kind) : true;
    if (!fits) out.push({ at: `views.list.filters.${i}`, code: 'TEMPLATE_FILTER_OP', params: { field: f.field, op: f.op } });
  });
  for (const [kind, sections] of [['detail', views.detail.sections], ['form', views.form.sections]] as const) {
    sections.forEach((s, i) => {
      const at = `views.${kind}.sections.${i}`;
      if (!hasBothLanguages(s.label)) warnings.push({ at, code: 'TEMPLATE_SECTION_LABEL', params: { section: s.id } });
      s.fields.forEach((f) => {
        if (kind === 'detail') exists(f, at, `detail.${s.id}`);
        else if (!Object.hasOwn(schema.properties, f)) out.push({ at, code: 'TEMPLATE_FORM_FIELD', params: { field: f, section: s.id } });
      });
    });
  }
  return out;
}

/** What stops a template from being published, and what is only worth a warning (missing translations). */
export interface TemplateCheck {
  problems: TemplateProblem[];
  warnings: TemplateProblem[];
}

/**
 * Everything that stops a template from being published, as problems with message codes: the
 * bundle's outline, the JSON Schema's draft (`$schema`), its meta-schema and ajv's compiler, the
 * field rules (checkFields), views naming declared fields, and finally the engine's own
 * registration check (checkEntityBundle). Problems are empty when it may be published. A label
 * missing in zh-CN or en-US (field, enum option, section, template name) is a warning: pages fall
 * back to `title`, then the key (issue 21). `lang` is the language of the meta-schema details
 * (the engine's validation sentences: validate/messages.ts).
 */
export function checkTemplateWithWarnings(input: unknown, lang: Language): TemplateCheck {
  const warnings: TemplateProblem[] = [];
  const problems = ((): TemplateProblem[] => {
    try {
      return checkBundle(input, lang, warnings);
    } catch (err) {
      if (err instanceof SchemaBudgetError) return [{ at: 'schema', code: 'SCHEMA_TOO_COMPLEX', params: { max: err.budget } }];
      throw err;
    }
  })();
  return { problems, warnings };
}

/** checkTemplateWithWarnings's steps, in order; throws SchemaBudgetError past a walk's budget. */
function checkBundle(input: unknown, lang: Language, warnings: TemplateProblem[]): TemplateProblem[] {
  {
    const validateShape = shapeValidator();
    if (!validateShape(input)) return ajvProblems('TEMPLATE_SHAPE', 'bundle', validateShape.errors, lang);
    const bundle = input as TemplateBundle;
    const out: TemplateProblem[] = [];
    const draft = draftOf(bundle.schema);
    if (!draft) {
      const uri = (bundle.schema as { $schema?: unknown }).$schema;
      return [{ at: 'schema.$schema', code: 'TEMPLATE_SCHEMA_DRAFT' as const, params: { uri: typeof uri === 'string' ? uri : JSON.stringify(uri) } }];
    }
    // Before the compiler sees it: a schema too large for it, or one whose references loop in place, would hold the thread.
    if (countFields(bundle.schema) > MAX_TEMPLATE_FIELDS) return [{ at: 'schema', code: 'TEMPLATE_TOO_MANY_FIELDS' as const, params: { max: MAX_TEMPLATE_FIELDS } }];
    const cycles = refCycles(bundle.schema);
    if (cycles.length) return cycles;
    const meta = createAjv(draft);
    let valid: boolean;
    try {
      valid = meta.validateSchema(bundle.schema) as boolean;
    } catch (err) {
      // Whatever else ajv cannot read as a schema: a problem, never a crash.
      return [{ at: 'schema', code: 'TEMPLATE_SCHEMA_INVALID' as const, params: { path: 'schema', detail: compileProblem(err, lang) } }];
    }
    if (!valid) return ajvProblems('TEMPLATE_SCHEMA_INVALID', 'schema', meta.errors, lang);
    try {
      // Under a key of its own, as the registry compiles it: a root `id` is no collision and no refusal.
      meta.compile(withValidatorId(bundle.schema as EntitySchema, 'https://portico.dev/templates/check.json'));
    } catch (err) {
      out.push({ at: 'schema', code: 'TEMPLATE_SCHEMA_INVALID', params: { path: 'schema', detail: compileProblem(err, lang) } });
    }
    const fields = checkFields(bundle.schema);
    out.push(...fields.problems);
    warnings.push(...fields.warnings);
    const missing = LANGUAGES.find((l) => !bundle.entity.label[l]?.trim());
    if (missing) warnings.push({ at: 'entity.label', code: 'TEMPLATE_ENTITY_LABEL', params: { lang: missing } });
    if (bundle.entity.lifecycle || bundle.entity.actions) out.push({ at: 'entity.lifecycle', code: 'TEMPLATE_LIFECYCLE' });
    if (out.length) return out;
    out.push(...checkViews(bundle, warnings));
    if (out.length) return out;
    try {
      checkEntityBundle({ ...templateAccess(bundle), files: { entity: 'entity', schema: 'schema', views: 'views' } }, {});
    } catch (err) {
      if (err instanceof SchemaBudgetError) throw err;
      out.push({ at: 'bundle', code: 'TEMPLATE_DECLARATION_INVALID', params: { detail: (err as Error).message } });
    }
    return out;
  }
}

/** What stops a template from being published (checkTemplateWithWarnings without its warnings). Empty when it may be published. */
export const checkTemplate = (input: unknown, lang: Language): TemplateProblem[] => checkTemplateWithWarnings(input, lang).problems;

/** Problems as the API's per-field errors, in the language. */
export function localizeProblems(problems: readonly TemplateProblem[], lang: Language): FieldError[] {
  return problems.map((p) => ({ field: p.at, keyword: p.code, message: message(p.code, lang, p.params) }));
}
