import type { EntitySchema, FieldSchema, Language } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { fieldLabel, text } from '../i18n/labels.ts';
import { fieldAt, tryResolveNode } from '../schema/resolve.ts';
import { recursiveRefs, refKey, WalkBudget } from '../schema/walk.ts';
import { withValueAt } from '../schema/doc-value.ts';
import { fieldPath, pathKeys } from '../schema/field-path.ts';
import { localizeConditionals, namesIn, showWhenConditionsHold } from './form-conditions.ts';
import { mergeUi, orderedFields, type UiSchema } from './ui-schema.ts';

export type { UiSchema } from './ui-schema.ts';

/** What localizing reads besides the node: the root (references resolve in it), the language, and the references being inlined (a recursive one is left to RJSF). */
interface Ctx {
  root: EntitySchema;
  lang: Language;
  inlined: readonly string[];
  /** How many references left in place (a tree's recursion) the uiSchema has followed so far. */
  refDepth?: number;
  /** What localizing one schema may spend (engine/schema/walk.ts), and the uiSchema of each reference left in place, by depth. */
  budget: WalkBudget;
  refUi: Map<string, UiSchema>;
}

/** How deep the uiSchema follows a recursive reference: RJSF renders deeper levels without the engine's widgets. */
const MAX_REF_UI_DEPTH = 5;

/**
 * A node with its reference inlined (its own keywords, such as its label, win), so the engine's
 * widgets and labels of the target apply. A reference already being inlined further up (a tree:
 * a node whose children are nodes), or one that does not resolve (publishing refuses it), stays
 * a `$ref`: RJSF resolves it in the definitions the section's schema keeps.
 */
function expand(ctx: Ctx, node: FieldSchema): { node: FieldSchema; ctx: Ctx } {
  const ref = node.$ref;
  // A recursive reference stays one: RJSF breaks the cycle there (renderers/form/CyclicField.tsx opens it on demand);
  // inlined, its copy hides the cycle from RJSF, which then renders the tree without end.
  if (typeof ref !== 'string' || ctx.inlined.includes(ref) || recursiveRefs(ctx.root, ctx.budget).has(refKey(ref))) return { node, ctx };
  const target = tryResolveNode(ctx.root, node);
  return target ? { node: target, ctx: { ...ctx, inlined: [...ctx.inlined, ref] } } : { node, ctx };
}

/** The uiSchema of a reference left in place, a few levels deep, once per reference and level (a node of a tree with many children is one entry, not one per child). */
function refUi(ctx: Ctx, node: FieldSchema, key: string, nested: boolean, refDepth: number): UiSchema {
  if (refDepth >= MAX_REF_UI_DEPTH) return {};
  const memo = `${refKey(node.$ref!)}|${refDepth}|${key}|${ctx.inlined.join(' ')}`;
  const known = ctx.refUi.get(memo);
  if (known) return known;
  const target = tryResolveNode(ctx.root, node);
  const ui = target ? localizeNode({ ...ctx, refDepth: refDepth + 1 }, target, key, nested).ui : {};
  ctx.refUi.set(memo, ui);
  return ui;
}

const DEFINITION_KEYS = ['definitions', '$defs'] as const;

export interface DerivedFormSection {
  id: string;
  title: string;
  columns: number;
  /** The section's own schema: the entity schema restricted to the section's fields. */
  schema: EntitySchema;
  uiSchema: UiSchema;
  fields: readonly string[];
}

/**
 * Turns a declaration node into what RJSF reads: `title`/`description` in the language,
 * `ui:enumNames` from `x-enumLabels`, widgets from `x-widget`, disabled when not editable.
 * The `x-` annotations stay on the schema (validators ignore them).
 */
function localizeNode(ctx: Ctx, node: FieldSchema, key: string, nested = true): { schema: FieldSchema; ui: UiSchema } {
  const { lang } = ctx;
  const ui: UiSchema = {};
  const out: FieldSchema = { ...node };
  // A reference left in place (a tree's recursion) stays one for RJSF to resolve; the uiSchema, which
  // RJSF reads by position, still gets its target's widgets, a few levels deep.
  ctx.budget.spend();
  const refDepth = ctx.refDepth ?? 0;
  // RJSF opens it on demand (its cycle break: renderers/form/CyclicField.tsx); its widgets come from the target, a few levels deep.
  if (typeof node.$ref === 'string') Object.assign(ui, refUi(ctx, node, key, nested, refDepth));
  const label = fieldLabel(node, lang, key);
  if (label) out.title = label;
  // The help a user reads is the field's `x-description`, in the language; a plain `description`
  // documents the declaration for its readers (one language) and is never shown.
  if (node['x-description']) out.description = text(node['x-description'], lang);
  else delete out.description;
  if (node['x-enumLabels'] && node.enum) ui['ui:enumNames'] = node.enum.map((v) => text(node['x-enumLabels']?.[String(v)], lang, String(v)));
  // RJSF 6 reads option labels from the uiSchema only: a schema's own `enumNames` goes there.
  else if (node.enum && Array.isArray((node as { enumNames?: unknown }).enumNames)) ui['ui:enumNames'] = (node as { enumNames: unknown[] }).enumNames;
  // 'table' is the default rendering of an array of objects: no widget to name.
  if (node['x-widget'] && node['x-widget'] !== 'table') ui['ui:widget'] = node['x-widget'];
  if (node['x-lookup']) ui['ui:widget'] = 'lookup';
  // On an array of strings: several picks from the same source.
  if (node['x-lookup']) {
    ui['ui:options'] = {
      lookup: node['x-lookup'],
      ...(node.type === 'array' ? { multiple: true } : {}),
      ...(node['x-lookupContext'] ? { lookupContext: node['x-lookupContext'] } : {}),
      ...(node['x-lookupFilter'] ? { lookupFilter: node['x-lookupFilter'] } : {}),
    };
  }
  if (node.format === 'date' && !node['x-widget']) ui['ui:widget'] = 'date';
  // A secret is typed unseen; the stored one comes back as the mask only (server/entities/secrets.ts).
  if (node['x-secret'] && !node['x-widget']) ui['ui:widget'] = 'secret';
  // An amount in minor units is typed in the currency's units ("2500.50").
  const money = node['x-money'];
  if (money && !node['x-widget']) Object.assign(ui, { 'ui:widget': 'money', 'ui:options': typeof money === 'object' && 'code' in money ? { currency: money.code } : {} });
  if (node.type === 'array' && node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
    const expanded = expand(ctx, node.items);
    const items = expanded.node;
    // A reference left to RJSF (a tree's children) keeps its definition's title, not the list's key.
    const inner = localizeNode(expanded.ctx, items, items.$ref ? '' : key);
    out.items = inner.schema;
    if (items.enum && node.uniqueItems) {
      ui['ui:widget'] = 'checkboxes';
      const labels = node['x-enumLabels'] ?? items['x-enumLabels'];
      if (labels) out.items = { ...inner.schema, title: undefined };
      if (labels) ui['ui:enumNames'] = items.enum.map((v) => text(labels[String(v)], lang, String(v)));
    } else if (items['x-lookup'] && node.uniqueItems) {
      // Several distinct picks from one lookup source (a notification setting's contacts): one multiple select.
      ui['ui:widget'] = 'lookup';
      ui['ui:options'] = { lookup: items['x-lookup'], multiple: true };
    } else if ((items.$ref ? tryResolveNode(ctx.root, items) : items)?.type === 'object') {
      // A row of a table (a referenced one too: a tree's children): its fields carry the labels; the row itself would repeat the key as a title.
      ui.items = { ...inner.ui, 'ui:label': false };
    } else if (Object.keys(inner.ui).length) ui.items = inner.ui;
  }
  if (node.properties) {
    const props: Record<string, FieldSchema> = {};
    for (const [k, child] of Object.entries(node.properties)) {
      const expanded = child && typeof child === 'object' ? expand(ctx, child) : undefined;
      if (!expanded) continue;
      const inner = localizeNode(expanded.ctx, expanded.node, k);
      props[k] = inner.schema;
      if (Object.keys(inner.ui).length) ui[k] = inner.ui;
    }
    out.properties = props;
  }
  localizeConditionals(node, out, ui, (child, k) => {
    const expanded = expand(ctx, child);
    return localizeNode(expanded.ctx, expanded.node, k);
  });
  // A nested object shows its conditional fields itself; the root's are split by section below.
  if (nested && out.properties) showWhenConditionsHold(out, ui);
  return { schema: out, ui };
}

/** The root's conditional rules as `allOf` entries (a root `if`/`then`/`else` is one more). */
function rootConditions(schema: FieldSchema): FieldSchema[] {
  const own = schema.if ? [{ if: schema.if, ...(schema.then ? { then: schema.then } : {}), ...(schema.else ? { else: schema.else } : {}) }] : [];
  return [...(schema.allOf ?? []), ...own];
}

/**
 * The definitions (`definitions` and `$defs`) in the language, kept on every derived schema so
 * RJSF resolves the references left in place (in `oneOf`, `additionalProperties`, a tree's
 * recursion…) the way it does, with the labels shown.
 */
function localizedDefinitions(ctx: Ctx): Partial<Record<(typeof DEFINITION_KEYS)[number], Record<string, FieldSchema>>> {
  const out: Partial<Record<(typeof DEFINITION_KEYS)[number], Record<string, FieldSchema>>> = {};
  for (const kw of DEFINITION_KEYS) {
    const defs = (ctx.root as unknown as Record<string, unknown>)[kw];
    if (!defs || typeof defs !== 'object') continue;
    out[kw] = Object.fromEntries(
      Object.entries(defs as Record<string, FieldSchema>).map(([name, def]) => [
        name,
        def && typeof def === 'object' ? localizeNode({ ...ctx, inlined: [`#/${kw}/${name}`] }, def, '').schema : def,
      ]),
    );
  }
  return out;
}

/**
 * The entity schema in one language: references on fields and list items inlined (their
 * widgets and labels apply), the definitions kept and localized for those RJSF resolves itself;
 * the template's declared uiSchema laid over the derived one (a declared directive wins).
 */
export function localizeSchema(reg: RegisteredEntity, lang: Language): { schema: EntitySchema; uiSchema: UiSchema } {
  const { definitions: _defs, $defs: _$defs, ...root } = reg.schema as EntitySchema & { $defs?: unknown };
  const ctx: Ctx = { root: reg.schema, lang, inlined: ['#'], budget: new WalkBudget(), refUi: new Map() };
  const { schema, ui } = localizeNode(ctx, root as FieldSchema, reg.entity.name, false);
  return { schema: { ...(schema as EntitySchema), ...localizedDefinitions(ctx) }, uiSchema: mergeUi(ui, reg.uiSchema) };
}

/** The uiSchema keys of a field path: RJSF reads the uiSchema of a list's rows under `items` (`samples.price` → samples, items, price). */
const uiKeys = (root: EntitySchema, keys: readonly string[]): string[] =>
  keys.flatMap((key, i) => (i < keys.length - 1 && fieldAt(root, fieldPath(keys.slice(0, i + 1)))?.type === 'array' ? [key, 'items'] : [key]));

/**
 * The form, split into the declared sections. Each section renders on its own (so a keystroke
 * re-renders one section, not the whole document); fields not editable in the record's state
 * are disabled. The root's conditional rules (`allOf` entries, `if`/`then`/`else`,
 * `dependencies`) go with the section holding every field they name, so the section shows,
 * hides and validates its conditional fields as the server's ajv does.
 */
export function deriveFormSections(
  reg: RegisteredEntity,
  lang: Language,
  editable: ReadonlySet<string>,
  /** `creating: false` (an existing record) leaves out the fields only a new record fills (`x-firstAccount`), and sections left empty. */
  /** `locked`: nested fields shown disabled inside their editable object (a nested field's own code the user lacks, lockedNestedFields). */
  opts: { creating?: boolean; locked?: readonly string[] } = {},
): DerivedFormSection[] {
  const { schema, uiSchema } = localizeSchema(reg, lang);
  const shown = (field: string) => opts.creating !== false || !reg.schema.properties[field]?.['x-firstAccount'];
  return reg.views.form.sections.flatMap((declared) => {
    const section = { ...declared, fields: declared.fields.filter(shown) };
    if (!section.fields.length) return [];
    const properties: Record<string, FieldSchema> = {};
    const ui: UiSchema = { 'ui:order': orderedFields(section.fields, uiSchema['ui:order']) };
    for (const field of section.fields) {
      const node = schema.properties[field];
      if (!node) throw new Error(`Entity '${reg.name}': form section '${section.id}' names '${field}', which is not a top-level field`);
      properties[field] = node;
      let fieldUi = { ...((uiSchema[field] as UiSchema | undefined) ?? {}) };
      if (!editable.has(field)) fieldUi['ui:disabled'] = true;
      for (const [top, ...rest] of (opts.locked ?? []).map((path) => uiKeys(reg.schema, pathKeys(path)))) {
        if (top === field && rest.length) fieldUi = withValueAt(fieldUi, fieldPath([...rest, 'ui:disabled']), true);
      }
      ui[field] = fieldUi;
    }
    const required = (reg.schema.required ?? []).filter((r) => section.fields.includes(r));
    const inSection = (entry: FieldSchema) => namesIn(entry).every((n) => section.fields.includes(n));
    const allOf = rootConditions(schema).filter(inSection);
    const dependencies = Object.entries(schema.dependencies ?? {}).filter(([k, d]) => section.fields.includes(k) && (Array.isArray(d) ? d.every((n) => section.fields.includes(n)) : inSection(d as FieldSchema)));
    // The section is validated by its entity's JSON Schema draft (`$schema`); 2019-09 and 2020-12 refuse a fragment in `$id`.
    const sectionSchema: EntitySchema = {
      ...(reg.schema.$schema ? { $schema: reg.schema.$schema } : {}),
      $id: `${reg.schema.$id}?section=${encodeURIComponent(section.id)}`,
      type: 'object',
      properties,
      required,
      ...(allOf.length ? { allOf } : {}),
      ...(dependencies.length ? { dependencies: Object.fromEntries(dependencies) } : {}),
      ...(schema.definitions ? { definitions: schema.definitions } : {}),
      ...((schema as { $defs?: unknown }).$defs ? { $defs: (schema as { $defs?: unknown }).$defs } : {}),
    } as EntitySchema;
    showWhenConditionsHold(sectionSchema, ui);
    return [{
      id: section.id,
      title: text(section.label, lang, section.id),
      columns: section.columns ?? 1,
      schema: sectionSchema,
      uiSchema: ui,
      fields: section.fields,
    }];
  });
}
