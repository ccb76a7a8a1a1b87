import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

/**
 * How RJSF fills a new document's defaults, the same in every form and in the document split:
 * an optional array with `minItems` (a date range `[from, to]`) starts empty instead of holding
 * `minItems` empty entries, so an untouched optional field never fails a draft's check; an array
 * picked from a lookup (`x-lookup`, one multiple select) starts empty even when required — the
 * select would show the empty entries as picks — and so does a file field (`x-upload`, exactly one
 * file: `minItems` 1), whose empty entries would read as files already there.
 */
export const FORM_DEFAULTS: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: {
    populate: 'requiredOnly',
    computeSkipPopulate: (_validator, schema) => {
      const node = schema as { 'x-lookup'?: unknown; 'x-upload'?: unknown };
      return typeof node['x-lookup'] === 'string' || node['x-upload'] !== undefined;
    },
  },
};

/**
 * A stored record's form adds nothing: no declared default for an absent field, no `minItems`
 * rows, no `const`, no `false` for an unset required boolean. Opening and saving it unchanged
 * stores the very document it holds (a valid record with `minItems: 1` on a list of objects
 * would otherwise get an empty row whose required fields fail). Defaults fill new forms, and the
 * rows the user adds to a list (new-row-defaults.tsx).
 */
export const KEEP_DATA: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'skipDefaults',
  constAsDefaults: 'never',
  requiredBooleanDefault: 'skip',
  allOf: 'skipDefaults',
};
