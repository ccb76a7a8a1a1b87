import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import addFormats from 'ajv-formats';
import type Ajv from 'ajv';
import type { AnySchema } from 'ajv';
import { AJV_CLASS, DRAFT_META, type Draft } from '../../engine/index.ts';

/** The vendored official JSON Schema Test Suite (tests/fixtures/json-schema-test-suite/README.md). */
const ROOT = fileURLToPath(new URL('../fixtures/json-schema-test-suite/', import.meta.url));

/** The suite's folder of each draft the engine supports (the vendored copy has no draft-06 folder). */
export const SUITE_DRAFTS: readonly { folder: string; draft: Draft }[] = [
  { folder: 'draft4', draft: 'draft-04' },
  { folder: 'draft7', draft: 'draft-07' },
  { folder: 'draft2019-09', draft: '2019-09' },
  { folder: 'draft2020-12', draft: '2020-12' },
];

export interface SuiteGroup {
  /** `ref.json / root pointer ref` */
  name: string;
  schema: AnySchema;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** Every group of the draft's required-keyword files, in file order. */
export function suiteGroups(folder: string): SuiteGroup[] {
  const dir = join(ROOT, 'tests', folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) => (JSON.parse(readFileSync(join(dir, file), 'utf8')) as (Omit<SuiteGroup, 'name'> & { description: string })[]).map((g) => ({ ...g, name: `${file} / ${g.description}` })));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));
}

const DRAFT_FOLDERS = new Set(SUITE_DRAFTS.map((d) => d.folder));

/**
 * The remote documents a draft's tests reference: the draft-neutral ones at the top of remotes/
 * and the draft's own folder, each under `http://localhost:1234/` + its path.
 */
export function suiteRemotes(folder: string): { uri: string; schema: AnySchema }[] {
  const remotes = join(ROOT, 'remotes');
  return filesUnder(remotes)
    .map((path) => relative(remotes, path).split('\\').join('/'))
    .filter((rel) => !DRAFT_FOLDERS.has(rel.split('/')[0]!) || rel.startsWith(`${folder}/`))
    .map((rel) => ({ uri: `http://localhost:1234/${rel}`, schema: JSON.parse(readFileSync(join(remotes, rel), 'utf8')) as AnySchema }));
}

/** Adds the draft's remotes to an ajv instance. */
export function addRemotes(ajv: Ajv, folder: string): Ajv {
  for (const { uri, schema } of suiteRemotes(folder)) if (!ajv.getSchema(uri)) ajv.addSchema(schema, uri);
  return ajv;
}

/** Plain ajv of the draft: its class, ajv's own defaults (but `strict: false`, the suite uses unknown keywords), ajv-formats. */
export function plainAjv(draft: Draft): Ajv {
  const ajv = new AJV_CLASS[draft]({ strict: false }) as Ajv;
  addFormats(ajv);
  return ajv;
}

/** A stand-in schema that names the draft, to pick the form validator of a draft whose suite schemas carry no `$schema`. */
export const draftMarker = (draft: Draft) => ({ $schema: DRAFT_META[draft] });
