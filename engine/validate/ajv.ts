import Ajv, { type Options } from 'ajv';
import type AjvCore from 'ajv/dist/core.js';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import draft06MetaSchema from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { DRAFT_META, draftOf, draftSpellings, type Draft } from './drafts.ts';
import { addPorticoKeywords } from './keywords.ts';

export { addPorticoKeywords, PORTICO_KEYWORDS } from './keywords.ts';
export { DRAFTS, DRAFT_META, draftOf, type Draft } from './drafts.ts';
export { isCasNumber } from './cas.ts';
export { isUscc, usccCheckCharacter } from './uscc.ts';
export { isGln, glnCheckDigit } from './gln.ts';

/**
 * The one ajv configuration shared by the browser (RJSF) and the server, for every draft.
 * `strict: false` because RJSF's validator uses it and declarations carry `x-` annotations;
 * `$data: true` so cross-field rules (due date ≥ sample received date) stay plain schema;
 * `multipleOfPrecision: 8` so `multipleOf: 0.01` (an amount in cents) accepts 0.07, which plain
 * floating-point division refuses (0.07 / 0.01 = 7.000000000000001). It is RJSF's own default
 * too. Its price: a number too large to divide (1e308 by 0.123456789) counts as a multiple.
 * The engine's own keywords (`x-cas`, `x-sumTo`, `x-dateRange`: keywords.ts) are part of it: RJSF
 * adds them with `customizeValidator({ ..., extenderFn })` (configureAjv).
 */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  $data: true,
  useDefaults: false,
  discriminator: false,
  multipleOfPrecision: 8,
};

/** The ajv instance type every draft's class shares. */
export type AnyAjv = AjvCore;
/** An ajv class as RJSF's `customizeValidator({ AjvClass })` takes it. */
export type AjvClass = new (options?: Options) => AjvCore;

/** The class that validates each draft: ajv's default one does draft-06 and draft-07. */
export const AJV_CLASS: Record<Draft, AjvClass> = {
  'draft-04': AjvDraft04,
  'draft-06': Ajv,
  'draft-07': Ajv,
  '2019-09': Ajv2019,
  '2020-12': Ajv2020,
};

/** The drafts an instance of the draft's class validates (draft-06 and draft-07 share one). */
const SERVED: Record<Draft, readonly Draft[]> = {
  'draft-04': ['draft-04'],
  'draft-06': ['draft-06', 'draft-07'],
  'draft-07': ['draft-06', 'draft-07'],
  '2019-09': ['2019-09'],
  '2020-12': ['2020-12'],
};

/**
 * Everything but the class: the draft-06 meta-schema beside draft-07's, the other spellings of
 * the meta-schema URIs, ajv-formats (with formatMinimum/formatMaximum) and the Portico keywords.
 * RJSF's validator calls it as its `extenderFn`, so browser and server configure ajv alike.
 */
export function configureAjv<A extends AnyAjv>(ajv: A, draft: Draft): A {
  if (SERVED[draft].includes('draft-06') && !ajv.getSchema(DRAFT_META['draft-06'])) {
    ajv.addMetaSchema(ajv.opts.$data ? ajv.$dataMetaSchema(draft06MetaSchema, ['/properties']) : draft06MetaSchema);
  }
  for (const served of SERVED[draft]) {
    for (const uri of draftSpellings(served)) if (!ajv.refs[uri] && !ajv.schemas[uri] && !hasMeta(ajv, uri)) ajv.refs[uri] = DRAFT_META[served];
  }
  if (!ajv.formats['date-time']) addFormats(ajv as unknown as Ajv, { keywords: true });
  addPorticoKeywords(ajv as unknown as Ajv);
  return ajv;
}

/** Whether ajv already resolves the URI by itself (a trailing `#` is). */
function hasMeta(ajv: AnyAjv, uri: string): boolean {
  try {
    return ajv.getSchema(uri) !== undefined;
  } catch {
    return false;
  }
}

/** A configured ajv for the draft (draft-07 unless told). */
export function createAjv(draft: Draft = 'draft-07'): Ajv {
  return configureAjv(new AJV_CLASS[draft](AJV_OPTIONS), draft) as Ajv;
}

/**
 * Configured ajv instances, one per draft class, made on first use: `for(schema)` answers the one
 * that validates the schema's draft. A schema whose `$schema` no draft claims is a caller's error
 * (checkTemplate refuses it first with TEMPLATE_SCHEMA_DRAFT).
 */
export function ajvPerDraft(): { for(schema: unknown): Ajv } {
  const made = new Map<AjvClass, Ajv>();
  return {
    for(schema) {
      const draft = draftOf(schema);
      if (!draft) throw new Error(`No JSON Schema draft has the $schema ${JSON.stringify((schema as { $schema?: unknown }).$schema)}`);
      const Class = AJV_CLASS[draft];
      let ajv = made.get(Class);
      if (!ajv) made.set(Class, (ajv = createAjv(draft)));
      return ajv;
    },
  };
}
