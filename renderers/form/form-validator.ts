import { customizeValidator } from '@rjsf/validator-ajv8';
import { addPorticoKeywords, AJV_OPTIONS } from '../../engine/index.ts';

/**
 * RJSF's validator built on the engine's one ajv configuration (formats with their
 * formatMinimum/formatMaximum keywords, `$data` references), so the schema utilities RJSF
 * runs agree with the registry's compiled validators. Documents themselves are validated by the
 * registry (reg.validate / reg.validateDraft) and shown through `extraErrors`. The Portico keywords
 * (x-cas, x-sumTo, x-dateRange) are added so those fields validate in the browser too.
 */
export const formValidator = customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS, ajvFormatOptions: { keywords: true }, extenderFn: addPorticoKeywords });
