import type { EntitySchema, FieldSchema, FilterOperator, ListFilter, LocalizedText } from '../declaration/types.ts';
import { LANGUAGES } from '../declaration/types.ts';
import { kindOf, type FieldKind } from '../derive/fields.ts';
import type { UiSchema } from '../derive/form.ts';
import { MESSAGES } from '../i18n/messages.ts';
import { resolveNode } from '../schema/resolve.ts';
import { fieldPath } from '../schema/field-path.ts';
import { flattenRefs } from './import-refs.ts';
import { TEMPLATE_RECORD_PERMISSIONS, type TemplateBundle, type TemplateProblem } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What an import is given: the schema and its uiSchema (objects, or JSON text as pasted or uploaded) and the sibling files it references by name. */
export interface ImportInput {
  code: string;
  schema: unknown;
  uiSchema?: unknown;
  files?: Readonly<Record<string, unknown>>;
  label?: Partial<LocalizedText>;
  routes: { list: string; detail: string; form: string };
}

/** A template bundle made of the import, and the notes on what changed; or, when nothing could be made, why (`refused`). */
export type ImportResult = { bundle: TemplateBundle; notes: TemplateProblem[] } | { refused: TemplateProblem[] };

/** Limits an import is checked against before anything walks it recursively (so no input can exhaust the stack). */
export const IMPORT_LIMITS = { depth: 100, nodes: 100_000, files: 20 } as const;

/** The key a schema whose root is not an object with properties is kept under. */
export const WRAPPED_ROOT_KEY = 'value';

/** Deepest nesting and node count of a JSON value, counted without recursion. */
function measure(value: unknown): { depth: number; nodes: number } {
  let depth = 0;
  let nodes = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    nodes++;
    depth = Math.max(depth, d);
    if (depth > IMPORT_LIMITS.depth || nodes > IMPORT_LIMITS.nodes) break;
    if (v && typeof v === 'object') for (const c of Object.values(v as Obj)) stack.push([c, d + 1]);
  }
  return { depth, nodes };
}

/** One imported file as JSON: parsed when text, checked against the limits. */
function readFile(value: unknown, file: string, out: TemplateProblem[], total: { nodes: number }): unknown {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      out.push({ at: file, code: 'TEMPLATE_IMPORT_NOT_JSON', params: { file, detail: String((err as Error).message).slice(0, 200) } });
      return undefined;
    }
  }
  const { depth, nodes } = measure(parsed);
  total.nodes += nodes;
  if (depth > IMPORT_LIMITS.depth) out.push({ at: file, code: 'TEMPLATE_IMPORT_TOO_DEEP', params: { file, max: IMPORT_LIMITS.depth } });
  else if (total.nodes > IMPORT_LIMITS.nodes) out.push({ at: file, code: 'TEMPLATE_IMPORT_TOO_LARGE', params: { max: IMPORT_LIMITS.nodes } });
  return parsed;
}

const both = (code: 'TEMPLATE_IMPORT_SECTION' | 'TEMPLATE_IMPORT_ROOT_FIELD'): LocalizedText => ({ 'zh-CN': MESSAGES[code]['zh-CN'], 'en-US': MESSAGES[code]['en-US'] });

/** What the root is, in the report's words, when it is not an object with properties. */
function rootKind(root: Obj): string {
  for (const k of ['oneOf', 'anyOf', 'allOf', '$ref', 'enum', 'const']) if (root[k] !== undefined) return k;
  return Array.isArray(root.type) ? root.type.join('|') : typeof root.type === 'string' ? root.type : 'any';
}

const isObjectRoot = (root: Obj) => isObj(root.properties) && (root.type === undefined || root.type === 'object' || (Array.isArray(root.type) && root.type.includes('object')));

const SCALAR: readonly FieldKind[] = ['text', 'enum', 'number', 'date', 'datetime', 'boolean'];

/** How a list may show a field: a scalar kind when the node declares one type (or options), else a whole value ('object'). */
function viewKind(schema: EntitySchema, raw: unknown): FieldKind {
  let node: FieldSchema;
  try {
    node = isObj(raw) ? resolveNode(schema, raw as FieldSchema) : {};
  } catch {
    return 'object'; // an unresolved reference: summarized as a whole value
  }
  if (Array.isArray(node.enum) && node.enum.every((v) => typeof v === 'string')) return 'enum';
  return typeof node.type === 'string' ? kindOf(node) : 'object';
}

/** The list, detail and form of an imported schema: what the schema offers, top-level fields only. */
function deriveViews(schema: EntitySchema): { views: TemplateBundle['views']; titleField: string } {
  const kinds: [string, FieldKind][] = [];
  // Any key is a view field: one a dotted path cannot spell (`a.b`, `$type`) is named by its pointer (`/a.b`, field-path.ts).
  for (const [key, node] of Object.entries(schema.properties)) kinds.push([fieldPath([key]), viewKind(schema, node)]);
  const scalars = kinds.filter(([, k]) => SCALAR.includes(k));
  const shown = (scalars.length ? scalars : kinds).slice(0, 4);
  const columns = shown.length
    ? shown.map(([field, kind], i) => ({ field, ...(i === 0 ? { link: true } : {}), ...(SCALAR.includes(kind) ? { sortable: true } : {}) }))
    : [{ field: '$id', link: true }];
  const opOf = (kind: FieldKind): FilterOperator | undefined => (kind === 'text' ? 'contains' : kind === 'enum' ? 'eq' : ['number', 'date', 'datetime'].includes(kind) ? 'range' : undefined);
  const filters = scalars.flatMap(([field, kind]): ListFilter[] => (opOf(kind) ? [{ field, op: opOf(kind)! }] : [])).slice(0, 3);
  const label = both('TEMPLATE_IMPORT_SECTION');
  return {
    titleField: scalars.find(([, k]) => k === 'text' || k === 'enum')?.[0] ?? '$id',
    views: {
      list: { columns: [...columns, { field: '$createdAt', sortable: true }], filters, defaultSort: { field: '$createdAt', order: 'desc' } },
      detail: { sections: [{ id: 'main', label, fields: [...kinds.map(([k]) => k), '$createdAt'] }] },
      form: { sections: [{ id: 'main', label, fields: Object.keys(schema.properties) }] },
    },
  };
}

/**
 * A template bundle made of any JSON Schema (issue 21): references to the given sibling files and
 * local references anywhere are flattened into `definitions` (import-refs.ts); a root that is not
 * an object with properties (an array, a string, a oneOf…) is kept whole as one field,
 * `value`, its uiSchema with it; `required` names only declared fields; list, detail and form come
 * from the top-level fields. Each change is a note with a message code, field by field. Keys are
 * kept as they are. The template checks (checkTemplateWithWarnings) say the rest.
 */
export function importSchema(input: ImportInput): ImportResult {
  const refused: TemplateProblem[] = [];
  const total = { nodes: 0 };
  const entries = Object.entries(input.files ?? {});
  if (entries.length > IMPORT_LIMITS.files) return { refused: [{ at: 'files', code: 'TEMPLATE_IMPORT_TOO_MANY_FILES', params: { max: IMPORT_LIMITS.files } }] };
  const raw = readFile(input.schema, 'schema', refused, total);
  const ui = input.uiSchema === undefined ? undefined : readFile(input.uiSchema, 'uiSchema', refused, total);
  const files = new Map(entries.map(([name, v]) => [name, readFile(v, name, refused, total)]));
  if (!refused.length && !isObj(raw) && typeof raw !== 'boolean') refused.push({ at: 'schema', code: 'TEMPLATE_IMPORT_NOT_SCHEMA', params: { file: 'schema' } });
  if (refused.length) return { refused };

  const notes: TemplateProblem[] = [];
  let flat: { root: Obj; definitions: Obj };
  try {
    flat = flattenRefs(isObj(raw) ? raw : {}, files, notes);
  } catch (err) {
    if (err instanceof RangeError) return { refused: [{ at: 'schema', code: 'TEMPLATE_IMPORT_TOO_DEEP', params: { file: 'schema', max: IMPORT_LIMITS.depth } }] };
    throw err;
  }
  const $schema = isObj(raw) && typeof raw.$schema === 'string' ? { $schema: raw.$schema } : {};
  const defs = Object.keys(flat.definitions).length ? { definitions: flat.definitions } : {};
  let schema: Obj;
  let uiSchema: unknown = ui;
  if (isObjectRoot(flat.root)) {
    schema = { ...$schema, ...flat.root, type: 'object', ...defs };
  } else {
    const { title, description, ...rest } = flat.root;
    const value: Obj = { ...(title === undefined ? { 'x-label': both('TEMPLATE_IMPORT_ROOT_FIELD') } : { title }), ...(description === undefined ? {} : { description }), ...rest };
    schema = { ...$schema, ...(title === undefined ? {} : { title }), type: 'object', required: [WRAPPED_ROOT_KEY], properties: { [WRAPPED_ROOT_KEY]: value }, ...defs };
    notes.push({ at: 'schema', code: 'TEMPLATE_IMPORT_ROOT_WRAPPED', params: { kind: typeof raw === 'boolean' ? String(raw) : rootKind(flat.root), field: WRAPPED_ROOT_KEY } });
    if (isObj(ui) && Object.keys(ui).length) {
      uiSchema = { [WRAPPED_ROOT_KEY]: ui };
      notes.push({ at: 'uiSchema', code: 'TEMPLATE_IMPORT_UI_WRAPPED', params: { field: WRAPPED_ROOT_KEY } });
    }
  }
  if (uiSchema !== undefined && !isObj(uiSchema)) {
    notes.push({ at: 'uiSchema', code: 'TEMPLATE_IMPORT_UI_NOT_OBJECT' });
    uiSchema = undefined;
  }
  const properties = schema.properties as Obj;
  if (schema.required !== undefined) {
    const required = Array.isArray(schema.required) ? schema.required : [];
    for (const name of required) if (typeof name !== 'string' || !Object.hasOwn(properties, name)) notes.push({ at: 'schema.required', code: 'TEMPLATE_IMPORT_REQUIRED_DROPPED', params: { field: String(name) } });
    schema.required = required.filter((n): n is string => typeof n === 'string' && Object.hasOwn(properties, n));
  }

  const entitySchema = schema as unknown as EntitySchema;
  const { views, titleField } = deriveViews(entitySchema);
  const title = typeof schema.title === 'string' && schema.title.trim() ? schema.title.trim() : undefined;
  const label = Object.fromEntries(LANGUAGES.map((l) => [l, input.label?.[l]?.trim() || title || input.code])) as LocalizedText;
  const bundle: TemplateBundle = {
    entity: { name: input.code, label, titleField, permissions: { ...TEMPLATE_RECORD_PERMISSIONS }, routes: input.routes },
    schema: entitySchema,
    views,
    uiSchema: (uiSchema ?? {}) as UiSchema,
  };
  return { bundle, notes };
}
