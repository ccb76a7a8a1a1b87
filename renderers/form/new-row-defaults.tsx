import { getDefaultRegistry } from '@rjsf/core';
import { createSchemaUtils, type FieldProps, type Registry, type RegistryFieldsType, type SchemaUtilsType } from '@rjsf/utils';
import { FORM_DEFAULTS } from './form-defaults.ts';

const CoreArrayField = getDefaultRegistry().fields.ArrayField!;

const adding = new WeakMap<SchemaUtilsType, SchemaUtilsType>();

/**
 * The registry's schema utilities with new values computed as a new form computes them
 * (FORM_DEFAULTS): a stored record's form (KEEP_DATA) leaves its data as it is, but a row the user
 * adds to a list is new and gets its declared defaults. Everything else is the form's own.
 */
export function addingUtils(registry: Pick<Registry, 'schemaUtils' | 'rootSchema'>): SchemaUtilsType {
  const base = registry.schemaUtils;
  let utils = adding.get(base);
  if (!utils) {
    const fresh = createSchemaUtils(base.getValidator(), registry.rootSchema, FORM_DEFAULTS);
    utils = Object.create(base, { getDefaultFormState: { value: fresh.getDefaultFormState.bind(fresh) } }) as SchemaUtilsType;
    adding.set(base, utils);
  }
  return utils;
}

/** RJSF's ArrayField, its new rows filled with their declared defaults even in a stored record's form. */
function NewRowDefaultsArrayField(props: FieldProps) {
  return <CoreArrayField {...props} registry={{ ...props.registry, schemaUtils: addingUtils(props.registry) }} />;
}

/** The form's fields over RJSF's own: arrays whose new rows get defaults (issue 21, data kept as it is). */
export const KEEP_DATA_FIELDS: RegistryFieldsType = { ArrayField: NewRowDefaultsArrayField };
