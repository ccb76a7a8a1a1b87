/**
 * The JSON Schema drafts ajv validates, told apart by a schema's `$schema`. A schema without one
 * is draft-07 (the drafts the engine's own declarations are written in). Each draft is named by
 * its meta-schema URI; the `http`/`https` spelling and a trailing `#` are accepted for each.
 */
export const DRAFTS = ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'] as const;
export type Draft = (typeof DRAFTS)[number];

/** Each draft's meta-schema `$id`, as ajv registers it. */
export const DRAFT_META: Record<Draft, string> = {
  'draft-04': 'http://json-schema.org/draft-04/schema',
  'draft-06': 'http://json-schema.org/draft-06/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

/** What a `$schema` may say for a draft: the registered URI in the other scheme, with or without `#`. */
export function draftSpellings(draft: Draft): string[] {
  const id = DRAFT_META[draft];
  const other = id.startsWith('https:') ? id.replace('https:', 'http:') : id.replace('http:', 'https:');
  return [id, `${id}#`, other, `${other}#`];
}

const BY_URI = new Map<string, Draft>(DRAFTS.flatMap((d) => draftSpellings(d).map((uri) => [uri, d] as const)));

/** The draft a schema is written in: draft-07 without `$schema`; `undefined` for a `$schema` ajv cannot validate. */
export function draftOf(schema: unknown): Draft | undefined {
  if (!schema || typeof schema !== 'object' || !('$schema' in schema)) return 'draft-07';
  const uri = (schema as { $schema?: unknown }).$schema;
  if (uri === undefined) return 'draft-07';
  return typeof uri === 'string' ? BY_URI.get(uri) : undefined;
}
