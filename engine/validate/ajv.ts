import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { addPorticoKeywords } from './keywords.ts';

export { addPorticoKeywords, PORTICO_KEYWORDS } from './keywords.ts';
export { isCasNumber } from './cas.ts';
export { isUscc, usccCheckCharacter } from './uscc.ts';
export { isGln, glnCheckDigit } from './gln.ts';

/**
 * The one ajv configuration shared by the browser (RJSF) and the server.
 * `strict: false` because RJSF's validator uses it and declarations carry `x-` annotations;
 * `$data: true` so cross-field rules (due date ≥ sample received date) stay plain schema.
 * The engine's own keywords (`x-cas`, `x-sumTo`, `x-dateRange`: keywords.ts) are part of it: RJSF
 * adds them with `customizeValidator({ ..., extenderFn: addPorticoKeywords })`.
 */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  $data: true,
  useDefaults: false,
  discriminator: false,
  multipleOfPrecision: 8,
};

export function createAjv(): Ajv {
  const ajv = new Ajv(AJV_OPTIONS);
  addFormats(ajv, { keywords: true });
  return addPorticoKeywords(ajv);
}
