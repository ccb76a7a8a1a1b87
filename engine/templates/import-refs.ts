import type { TemplateProblem } from './types.ts';

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose value is one schema, a list of schemas, or a map of names to schemas (every draft from 04 to 2020-12). */
const ONE = new Set(['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const MAP = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies']);
/** Keywords the flattened schema cannot keep: a nested base URI or anchor would change what `#/definitions/…` means. */
const DROPPED = new Set(['$id', 'id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveRef', '$recursiveAnchor']);

/** A schema's files: the imported one ('') and its siblings by name (and by their `$id`). */
export type SchemaFiles = ReadonlyMap<string, Json>;

const baseName = (name: string) => name.replace(/^.*[\\/]/, '');

/** Reads a JSON pointer (`/definitions/a~1b/properties/x`) in a document; undefined when it leads nowhere. */
function atPointer(doc: Json, pointer: string): Json {
  if (pointer === '') return doc;
  let cur = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(cur) && /^\d+$/.test(key)) cur = cur[Number(key)];
    else if (isObj(cur) && Object.hasOwn(cur, key)) cur = cur[key];
    else return undefined;
  }
  return cur;
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'def';

/**
 * Flattens every `$ref` of an imported schema into one `definitions` map at its root: local
 * references anywhere (`#/definitions/x`, `#/$defs/x`, `#/properties/a/items`, `#` itself), and
 * references to sibling files given with it (`common.json#/definitions/address`, or by a file's
 * `$id`), each target copied once under its own name and every reference rewritten to
 * `#/definitions/<name>` — what the engine's resolver and RJSF both follow. Recursive schemas
 * stay recursive (a name is taken before its target is copied). A reference that leads nowhere is
 * removed and reported; so are nested `$id`s and anchors, which would change what a pointer means.
 */
export function flattenRefs(root: Obj, files: SchemaFiles, notes: TemplateProblem[]): { root: Obj; definitions: Obj } {
  const docs = new Map<string, Json>([['', root]]);
  for (const [name, doc] of files) {
    docs.set(baseName(name), doc);
    const id = isObj(doc) && typeof doc.$id === 'string' ? doc.$id : isObj(doc) && typeof doc.id === 'string' ? doc.id : undefined;
    if (id) docs.set(id.replace(/#.*$/, ''), doc);
  }
  const rootId = typeof root.$id === 'string' ? root.$id.replace(/#.*$/, '') : typeof root.id === 'string' ? root.id.replace(/#.*$/, '') : undefined;
  const definitions: Obj = {};
  const names = new Map<string, string>();

  /** Which document a reference's file part names, from the document holding it. */
  const docOf = (from: string, file: string): string | undefined => {
    if (file === '' || file === rootId) return from;
    if (docs.has(file)) return file;
    const base = baseName(file.replace(/[?#].*$/, ''));
    return docs.has(base) ? base : undefined;
  };

  const proposed = (doc: string, pointer: string): string => {
    const m = /^\/(?:definitions|\$defs)\/([^/]+)$/.exec(pointer);
    const tail = m ? m[1]!.replaceAll('~1', '/').replaceAll('~0', '~') : pointer.slice(1) || (doc ? '' : 'root');
    const stem = doc ? baseName(doc).replace(/\.json$/i, '') : '';
    return safeName([stem, tail].filter(Boolean).join('.'));
  };

  const nameFor = (doc: string, pointer: string): string | undefined => {
    const key = `${doc}#${pointer}`;
    const known = names.get(key);
    if (known) return known;
    const target = atPointer(docs.get(doc), pointer);
    if (!isObj(target) && typeof target !== 'boolean') return undefined;
    let name = proposed(doc, pointer);
    for (let i = 2; Object.hasOwn(definitions, name); i++) name = `${proposed(doc, pointer)}_${i}`;
    names.set(key, name);
    definitions[name] = true; // taken before copying: a reference back to it (a tree) finds the name
    definitions[name] = isObj(target) ? schemaNode(strip(target, pointer === ''), doc, `definitions.${name}`) : target;
    return name;
  };

  /** A document's root copied into definitions leaves its own definitions (they are flattened) and its identity behind. */
  function strip(node: Obj, isRoot: boolean): Obj {
    if (!isRoot) return node;
    const { definitions: _d, $defs: _defs, $schema: _s, $id: _id, id: _i, ...rest } = node;
    return rest;
  }

  function rewriteRef(ref: string, doc: string, at: string): string | undefined {
    const hash = ref.indexOf('#');
    const file = hash < 0 ? ref : ref.slice(0, hash);
    let fragment = hash < 0 ? '' : ref.slice(hash + 1);
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      /* kept as written */
    }
    const target = docOf(doc, file);
    const name = target !== undefined && (fragment === '' || fragment.startsWith('/')) ? nameFor(target, fragment) : undefined;
    if (!name) {
      notes.push({ at, code: 'TEMPLATE_IMPORT_REF_UNRESOLVED', params: { path: at, ref } });
      return undefined;
    }
    if (target !== '') notes.push({ at, code: 'TEMPLATE_IMPORT_REF_BUNDLED', params: { path: at, ref, name, file: target ?? '' } });
    return `#/definitions/${name}`;
  }

  function schemaNode(node: Obj, doc: string, at: string): Obj {
    const out: Obj = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') {
        const ref = rewriteRef(v, doc, at);
        if (ref) out.$ref = ref;
      } else if (DROPPED.has(k) && (typeof v === 'string' || typeof v === 'boolean')) {
        notes.push({ at, code: 'TEMPLATE_IMPORT_KEYWORD_DROPPED', params: { path: at, keyword: k } });
      } else if (k !== 'definitions' && k !== '$defs') out[k] = child(k, v, doc, `${at}.${k}`);
      // Nested definitions are reached through their references only, flattened on the way.
    }
    return out;
  }

  function child(keyword: string, value: Json, doc: string, at: string): Json {
    const sub = (v: Json, where: string) => (isObj(v) ? schemaNode(v, doc, where) : v);
    if (MAP.has(keyword) && isObj(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v : sub(v, `${at}.${k}`)]));
    }
    if (LIST.has(keyword) && Array.isArray(value)) return value.map((v, i) => sub(v, `${at}.${i}`));
    if (ONE.has(keyword)) return sub(value, at);
    return value;
  }

  // The root's own definitions keep their names (first come, first named), referenced or not.
  for (const k of ['definitions', '$defs'] as const) {
    const defs = root[k];
    if (isObj(defs)) for (const name of Object.keys(defs)) nameFor('', `/${k}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  }
  const body = schemaNode(strip(root, true), '', 'schema');
  return { root: body, definitions };
}
