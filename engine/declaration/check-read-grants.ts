import type { EntityBundle, FieldSchema } from './types.ts';
import { declarationFiles, pointer } from './errors.ts';

type Problem = { file: string; path: string; message: string };

const typeOf = (node: FieldSchema | undefined): string | undefined => node?.type;

/**
 * `access.readGrants` (docs/declarations.md §3): the title-only field is a top-level boolean of the
 * entity; each source is a registered entity whose `target` is a top-level `entity:<this>` lookup,
 * whose audience fields are top-level texts or arrays of text and whose period fields are top-level dates.
 * Checked once every entity is registered (the sources are other entities).
 */
export function readGrantProblems(bundle: EntityBundle, byName: ReadonlyMap<string, EntityBundle>): Problem[] {
  const grants = bundle.entity.access?.readGrants;
  if (!grants) return [];
  const file = (bundle.files ?? declarationFiles(bundle.entity.name)).entity;
  const problems: Problem[] = [];
  const fail = (path: string, message: string) => problems.push({ file, path, message });
  if (grants.titleOnly !== undefined && typeOf(bundle.schema.properties?.[grants.titleOnly]) !== 'boolean') {
    fail('/access/readGrants/titleOnly', `'${grants.titleOnly}' must be a top-level boolean field of ${bundle.entity.name}`);
  }
  grants.sources.forEach((source, i) => {
    const at = (key: string) => pointer('access', 'readGrants', 'sources', i, key);
    const src = byName.get(source.entity);
    if (!src) return fail(at('entity'), `'${source.entity}' is not a registered entity`);
    const prop = (name: string) => src.schema.properties?.[name];
    const target = prop(source.target);
    if (!target) fail(at('target'), `'${source.target}' is not a top-level field of ${source.entity}`);
    else if (target['x-lookup'] !== `entity:${bundle.entity.name}`) fail(at('target'), `'${source.target}' must be an 'entity:${bundle.entity.name}' lookup`);
    for (const key of ['companies', 'customerGroups', 'accounts'] as const) {
      const name = source[key];
      if (name === undefined) continue;
      const node = prop(name);
      const textual = typeOf(node) === 'string' || (typeOf(node) === 'array' && typeOf(node?.items) === 'string');
      if (!textual) fail(at(key), `'${name}' must be a top-level text field or array of text of ${source.entity}`);
    }
    for (const key of ['from', 'to'] as const) {
      const name = source[key];
      if (name !== undefined && prop(name)?.format !== 'date') fail(at(key), `'${name}' must be a top-level date field of ${source.entity}`);
    }
    if (!source.companies && !source.customerGroups && !source.accounts && !source.restricts) fail(at('entity'), 'a source names companies, customer groups or accounts, or restricts');
  });
  return problems;
}
