import { boundedSchema, createAjv, withValidatorId, draftOf, type DerivedFormSection, type EntitySchema, type RegisteredEntity, type TemplateBundle } from '../../engine/index.ts';
import { dropUnknownWidgets } from '../form/widgets/index.ts';

/**
 * A registration of the bundle being designed, for the preview only: compiled with the one ajv
 * configuration (custom keywords included), under a fresh `$id` per revision so no cached
 * validator of an older revision answers. Undefined while the schema does not compile.
 */
export function previewRegistration(bundle: TemplateBundle, revision: number): RegisteredEntity | undefined {
  try {
    const schema = { ...bundle.schema, $id: `https://portico.dev/designer-preview/${bundle.entity.name}/r${revision}.json` } as EntitySchema;
    // The schema's own draft; an unknown `$schema` does not compile (the check names it).
    const draft = draftOf(schema);
    if (!draft) return undefined;
    // Validated as the published version will be: default bounds, undeclared keys refused (engine/validate/bounded-schema.ts).
    const checked = boundedSchema(schema);
    const validate = createAjv(draft).compile(withValidatorId(checked, schema.$id));
    const { required: _r, ...rest } = checked;
    const validateDraft = createAjv(draft).compile(withValidatorId(rest as EntitySchema, `${schema.$id}-draft`));
    return { name: bundle.entity.name, entity: bundle.entity, schema, views: bundle.views, validate, validateDraft, validatePayload: {}, ...(bundle.uiSchema ? { uiSchema: bundle.uiSchema } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * Widget hints the portal has no widget for yet (`table`, `switch`, `multiSelect`, `dateRange`)
 * fall back to RJSF's own rendering in the preview instead of failing the form.
 */
export const previewSection = (s: DerivedFormSection): DerivedFormSection => ({ ...s, uiSchema: dropUnknownWidgets(s.schema as Parameters<typeof dropUnknownWidgets>[0], s.uiSchema) });
