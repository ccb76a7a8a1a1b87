import { hasWidget, type RegistryWidgetsType, type RJSFSchema } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { Widgets as antdWidgets } from '@rjsf/antd';
import { createAjv, type DerivedFormSection, type EntitySchema, type RegisteredEntity, type TemplateBundle } from '../../engine/index.ts';
import { portalWidgets } from '../form/widgets/index.ts';

const known: RegistryWidgetsType = { ...getDefaultRegistry().widgets, ...antdWidgets, ...portalWidgets };

/**
 * A registration of the bundle being designed, for the preview only: compiled with the one ajv
 * configuration (custom keywords included), under a fresh `$id` per revision so no cached
 * validator of an older revision answers. Undefined while the schema does not compile.
 */
export function previewRegistration(bundle: TemplateBundle, revision: number): RegisteredEntity | undefined {
  try {
    const schema = { ...bundle.schema, $id: `https://portico.dev/designer-preview/${bundle.entity.name}/r${revision}.json` } as EntitySchema;
    const ajv = createAjv();
    const validate = ajv.compile(schema);
    const { required: _r, ...rest } = schema;
    const validateDraft = createAjv().compile({ ...rest, $id: `${schema.$id}-draft` });
    return { name: bundle.entity.name, entity: bundle.entity, schema, views: bundle.views, validate, validateDraft, validatePayload: {} };
  } catch {
    return undefined;
  }
}

type UiNode = Record<string, unknown>;
type SchemaNode = { type?: unknown; properties?: Record<string, SchemaNode>; items?: SchemaNode };

/**
 * Widget hints the portal has no widget for yet (`table`, `switch`, `multiSelect`, `dateRange`)
 * fall back to RJSF's own rendering in the preview instead of failing the form.
 */
function dropUnknown(schema: SchemaNode | undefined, ui: UiNode): UiNode {
  const out: UiNode = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget') {
      if (typeof value !== 'string' || (schema && hasWidget(schema as RJSFSchema, value, known))) out[key] = value;
      continue;
    }
    if (key.startsWith('ui:') || !value || typeof value !== 'object' || Array.isArray(value)) {
      out[key] = value;
      continue;
    }
    const child = key === 'items' ? schema?.items : schema?.properties?.[key];
    out[key] = dropUnknown(child, value as UiNode);
  }
  return out;
}

export const previewSection = (s: DerivedFormSection): DerivedFormSection => ({ ...s, uiSchema: dropUnknown(s.schema as SchemaNode, s.uiSchema) });
