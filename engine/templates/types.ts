import type { EntityBundle, EntitySchema } from '../declaration/types.ts';
import type { UiSchema } from '../derive/form.ts';
import type { MessageCode } from '../i18n/messages.ts';

/**
 * A template (a DFF template or any designer-made form) as one version stores it: the same
 * declaration format as schemas/<entity>/ (entity, schema, views) plus the RJSF uiSchema the
 * designer edited. See docs/templates.md.
 */
export interface TemplateBundle extends EntityBundle {
  uiSchema?: UiSchema;
}

/**
 * Renames the designer declares for a new version, from the previous version's field paths to
 * this version's (dotted paths as in views: `buyer.contact` → `buyer.contactName`). Never guessed.
 */
export type RenameMap = Readonly<Record<string, string>>;

/** The JSON type of a field's value, as a migration sees it. */
export type ValueType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null' | 'any';

/** A field's type: JSON type, the date format that matters for conversions, and item type for arrays. */
export interface FieldType {
  type: ValueType;
  /** `date` or `date-time`; other formats do not change the stored value. */
  format?: 'date' | 'date-time';
  items?: FieldType;
}

/** One field of a schema, at a dotted path (array levels are implicit, as in views). */
export interface FieldShape {
  path: string;
  keys: readonly string[];
  type: FieldType;
  /** Where the field's value is inside a list: the innermost array ancestor ('' at document level). */
  listScope: string;
  default?: unknown;
}

export interface FieldRef {
  path: string;
  type: string;
}

export interface TypeChange {
  /** The field's path in the new version. */
  path: string;
  /** Its path in the old version (differs when renamed). */
  fromPath: string;
  from: string;
  to: string;
  /** Every value converts (number → string) or some may not ("abc" → number). */
  lossless: boolean;
}

/** What changed between two versions' schemas. Nested paths included; only the topmost of an added or removed subtree is listed. */
export interface TemplateDiff {
  added: (FieldRef & { default?: unknown })[];
  removed: FieldRef[];
  renamed: { from: string; to: string }[];
  typeChanged: TypeChange[];
  /** Fields whose rules changed (required, enum, limits…): records are re-validated against the new version. */
  constrained: { path: string; keywords: string[] }[];
}

/** A change made to one stored document by a migration, at a concrete path (`samples.0.color`). */
export type DocChange =
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'convert'; path: string; from: unknown; to: unknown }
  | { kind: 'archive'; path: string; value: unknown }
  | { kind: 'default'; path: string; value: unknown };

/** A value a type change cannot convert: the record cannot move without losing it. */
export interface ConversionFailure {
  path: string;
  value: unknown;
  from: string;
  to: string;
}

/** A problem with a template or a rename map, as a message code and its parameters (localized by the caller). */
export interface TemplateProblem {
  /** Where: `schema.properties.qty`, `views.list.filters.0`, `renames.oldName`. */
  at: string;
  code: TemplateMessageCode;
  params?: Record<string, string | number>;
}

export type { EntitySchema };

/** The template message codes (their texts are in engine/i18n/messages.ts). */
export type TemplateMessageCode = Extract<MessageCode, `TEMPLATE_${string}` | 'SCHEMA_TOO_COMPLEX'>;

/** Thrown when a rename map does not fit the two schemas. */
export class TemplateProblemsError extends Error {
  constructor(readonly problems: readonly TemplateProblem[]) {
    super(problems.map((p) => `${p.at}: ${p.code}`).join('; '));
  }
}

/** The permission to create, edit, publish and migrate templates (internal staff). */
export const TEMPLATE_DESIGN = 'template:design';

/** The permission codes a new template's records use unless the designer names others. */
export const TEMPLATE_RECORD_PERMISSIONS = { list: 'form:list', read: 'form:read', create: 'form:create', update: 'form:update', delete: 'form:delete' } as const;

/** A template code is its entity name: camelCase letters and digits, 2 to 40 characters. */
export const TEMPLATE_CODE = /^[a-z][a-zA-Z0-9]{1,39}$/;

/** The schema `$id` of a template version (each version compiles on its own). */
export const templateSchemaId = (code: string, version: number): string => `https://portico.dev/templates/${code}/v${version}.json`;
