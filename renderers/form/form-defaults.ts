import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

/**
 * How RJSF fills a new document's defaults, the same in every form and in the document split:
 * an optional array with `minItems` (a date range `[from, to]`) starts empty instead of holding
 * `minItems` empty entries, so an untouched optional field never fails a draft's check; an array
 * picked from a lookup (`x-lookup`, one multiple select) starts empty even when required — the
 * select would show the empty entries as picks.
 */
export const FORM_DEFAULTS: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'requiredOnly', computeSkipPopulate: (_validator, schema) => typeof (schema as { 'x-lookup'?: unknown })['x-lookup'] === 'string' },
};
