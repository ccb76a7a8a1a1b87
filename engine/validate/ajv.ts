import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The one ajv configuration shared by the browser (RJSF) and the server.
 * `strict: false` because RJSF's validator uses it and declarations carry `x-` annotations;
 * `$data: true` so cross-field rules (due date ≥ sample received date) stay plain schema.
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
  return ajv;
}
