import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AJV_CLASS, createAjv } from '../../engine/index.ts';
import { formValidatorFor } from '../../renderers/form/form-validator.ts';
import { addRemotes, draftMarker, plainAjv, SUITE_DRAFTS, suiteGroups, type SuiteGroup } from '../support/json-schema-suite.ts';

/**
 * The official JSON Schema Test Suite's required keywords, every case of every supported draft,
 * through (a) the shared validator (createAjv of the draft), (b) the browser's RJSF validator
 * (formValidatorFor, asked `validateFormData` as an RJSF form asks it) and (c) plain ajv of the
 * draft with only ajv-formats. (a) and (b) must agree on every case, and (a) must pass every case
 * (c) passes, but for the documented exceptions below.
 */

/**
 * Cases plain ajv passes and the shared configuration fails, each for a reason the project chose:
 * `multipleOfPrecision: 8` (engine/validate/ajv.ts) lets `multipleOf: 0.01` accept amounts such as
 * 0.07, and makes a division too large to compute (1e308 / 0.123456789 = Infinity) count as a multiple.
 */
const EXPECTED_LOSSES: readonly string[] = [
  'draft-04: multipleOf.json / float division = inf / invalid, but naive implementations may raise an overflow error',
  'draft-07: multipleOf.json / float division = inf / always invalid, but naive implementations may raise an overflow error',
  '2019-09: multipleOf.json / float division = inf / always invalid, but naive implementations may raise an overflow error',
  '2020-12: multipleOf.json / float division = inf / always invalid, but naive implementations may raise an overflow error',
];

/** A case's verdict: valid, invalid, or the validator failed (the schema does not compile, or validating throws). */
type Verdict = boolean | 'error';

function compiled(ajv: Ajv, schema: SuiteGroup['schema']): ValidateFunction | undefined {
  try {
    return ajv.compile(schema);
  } catch {
    return undefined;
  }
}

function verdict(validate: ValidateFunction | undefined, data: unknown): Verdict {
  try {
    return validate ? validate(data) : 'error';
  } catch {
    return 'error'; // ajv's code for `$dynamicRef` to a detached anchor recurses without end (plain ajv too)
  }
}

/**
 * The browser's verdict: RJSF validates a form's data with `validateFormData`, which compiles the
 * schema on its ajv and runs it (`rawValidation`); a schema it cannot compile is its `validationError`.
 */
function formVerdict(form: ValidatorType, schema: SuiteGroup['schema'], data: unknown): Verdict {
  try {
    const { errors, validationError } = form.rawValidation(schema as RJSFSchema, data);
    return validationError ? 'error' : !errors?.length;
  } catch {
    return 'error';
  }
}

/** Forgets a compiled schema, so the next group may reuse its `$id`. */
function forget(ajv: Ajv, schema: SuiteGroup['schema']) {
  if (typeof schema === 'object') ajv.removeSchema(schema);
}

const counts: string[] = [];
afterAll(() => console.info(`JSON Schema Test Suite, required keywords (cases passing of all):\n${counts.join('\n')}`));

describe.each(SUITE_DRAFTS)('JSON Schema Test Suite $folder', ({ folder, draft }) => {
  it('passes in the browser as on the server, and wherever plain ajv passes', () => {
    const ours = addRemotes(createAjv(draft), folder);
    const plain = addRemotes(plainAjv(draft), folder);
    const form = formValidatorFor(draftMarker(draft));
    const formAjv = addRemotes((form as unknown as { ajv: Ajv }).ajv, folder);
    expect(formAjv).toBeInstanceOf(AJV_CLASS[draft]);
    // RJSF reports a schema it cannot compile on the console; the verdict says so already.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const disagreements: string[] = [];
    const losses: string[] = [];
    let total = 0;
    let oursPass = 0;
    let plainPass = 0;
    for (const group of suiteGroups(folder)) {
      const a = compiled(ours, group.schema);
      const c = compiled(plain, group.schema);
      for (const t of group.tests) {
        const name = `${draft}: ${group.name} / ${t.description}`;
        const [va, vb, vc] = [verdict(a, t.data), formVerdict(form, group.schema, t.data), verdict(c, t.data)];
        total++;
        if (va === t.valid) oursPass++;
        if (vc === t.valid) plainPass++;
        if (vb !== va) disagreements.push(`${name}: server ${String(va)}, browser ${String(vb)}`);
        if (vc === t.valid && va !== t.valid) losses.push(name);
      }
      forget(ours, group.schema);
      forget(plain, group.schema);
      forget(formAjv, group.schema);
    }
    warn.mockRestore();
    counts.push(`${draft}: shared ${oursPass} of ${total}, plain ajv ${plainPass} of ${total}`);
    expect(disagreements).toEqual([]);
    expect(losses).toEqual(EXPECTED_LOSSES.filter((l) => l.startsWith(`${draft}:`)));
  }, 300_000);
});
