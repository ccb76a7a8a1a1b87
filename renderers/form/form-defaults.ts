import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

/**
 * How RJSF fills a new document's defaults, the same in every form and in the document split:
 * an optional array with `minItems` (a date range `[from, to]`) starts empty instead of holding
 * `minItems` empty entries, so an untouched optional field never fails a draft's check.
 */
export const FORM_DEFAULTS: Experimental_DefaultFormStateBehavior = { arrayMinItems: { populate: 'requiredOnly' } };
