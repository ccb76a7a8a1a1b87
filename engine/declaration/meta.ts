import type { ErrorObject, ValidateFunction } from 'ajv';
import common from '../../schemas/_meta/common.schema.json' with { type: 'json' };
import entityMeta from '../../schemas/_meta/entity.schema.json' with { type: 'json' };
import schemaMeta from '../../schemas/_meta/schema.schema.json' with { type: 'json' };
import viewsMeta from '../../schemas/_meta/views.schema.json' with { type: 'json' };
import rolesMeta from '../../schemas/_meta/roles.schema.json' with { type: 'json' };
import postsMeta from '../../schemas/_meta/posts.schema.json' with { type: 'json' };
import { createAjv } from '../validate/ajv.ts';
import { DeclarationError, type DeclarationFiles } from './errors.ts';
import type { AccessDeclarations, EntityBundle, EntityDeclaration, EntitySchema, EntityViews, PostDeclaration, RoleDeclaration } from './types.ts';

/** The three declaration files of an entity as read from disk, before any check. */
export interface DeclaredBundle {
  files: DeclarationFiles;
  entity: unknown;
  schema: unknown;
  views: unknown;
}

interface MetaValidators {
  entity: ValidateFunction<EntityDeclaration>;
  schema: ValidateFunction<EntitySchema>;
  views: ValidateFunction<EntityViews>;
  roles: ValidateFunction<{ roles: Record<string, RoleDeclaration> }>;
  posts: ValidateFunction<{ posts: Record<string, PostDeclaration> }>;
}

let compiled: MetaValidators | undefined;

/** The meta-schemas of schemas/_meta/, compiled once with the project's ajv setup. */
function metaValidators(): MetaValidators {
  if (compiled) return compiled;
  const ajv = createAjv();
  ajv.addSchema([common, schemaMeta, viewsMeta, entityMeta, rolesMeta, postsMeta]);
  const get = <T>(id: string): ValidateFunction<T> => {
    const validate = ajv.getSchema<T>(id);
    if (!validate) throw new Error(`meta-schema ${id} is missing`);
    return validate;
  };
  compiled = {
    entity: get<EntityDeclaration>(entityMeta.$id),
    schema: get<EntitySchema>(schemaMeta.$id),
    views: get<EntityViews>(viewsMeta.$id),
    roles: get(rolesMeta.$id),
    posts: get(postsMeta.$id),
  };
  return compiled;
}

/** One line per ajv error: an unknown key is named, and wrappers (anyOf) give way to their branches. */
export function problemsOf(file: string, errors: readonly ErrorObject[]): { file: string; path: string; message: string }[] {
  const seen = new Set<string>();
  const out: { file: string; path: string; message: string }[] = [];
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'if') continue;
    const key = e.keyword === 'additionalProperties' ? String(e.params.additionalProperty) : undefined;
    const path = key === undefined ? e.instancePath : `${e.instancePath}/${key}`;
    const message = key === undefined ? (e.message ?? e.keyword) : `unknown key '${key}'`;
    const id = `${path} ${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ file, path, message });
  }
  return out;
}

const withoutSchemaKey = <T extends object>(value: T): T => {
  if (!('$schema' in value)) return value;
  const { $schema: _editorOnly, ...rest } = value as T & { $schema?: unknown };
  return rest as T;
};

/**
 * Checks each file of a bundle against its meta-schema (schemas/_meta/) and returns the bundle
 * typed. The `$schema` key of each file (for editors) is dropped: it names the meta-schema, not
 * the dialect ajv compiles. Throws a DeclarationError naming file and JSON path of each problem.
 */
export function checkedBundle(declared: DeclaredBundle): EntityBundle {
  const v = metaValidators();
  const { files } = declared;
  const problems = [];
  const { entity, schema, views } = declared;
  if (!v.entity(entity)) problems.push(...problemsOf(files.entity, v.entity.errors ?? []));
  if (!v.schema(schema)) problems.push(...problemsOf(files.schema, v.schema.errors ?? []));
  else if (typeof schema !== 'object' || schema.type !== 'object' || !schema.properties || !schema.$id) {
    problems.push({ file: files.schema, path: '', message: 'the schema must be an object with an $id and properties' });
  }
  if (!v.views(views)) problems.push(...problemsOf(files.views, v.views.errors ?? []));
  if (problems.length || !v.entity(entity) || !v.schema(schema) || !v.views(views)) throw new DeclarationError(problems);
  return { files, entity: withoutSchemaKey(entity), schema: withoutSchemaKey(schema), views: withoutSchemaKey(views) };
}

/**
 * A bundle typed as checked without checking it: for a client built after `npm run gen`, whose
 * createStaticRegistry ran checkedBundle on every declaration it ships (a broken file stops the
 * build). It spares each page load compiling the meta-schemas. The `$schema` keys are dropped as there.
 */
export function uncheckedBundle(declared: DeclaredBundle): EntityBundle {
  const { files, entity, schema, views } = declared;
  return {
    files,
    entity: withoutSchemaKey(entity as EntityDeclaration),
    schema: withoutSchemaKey(schema as EntitySchema),
    views: withoutSchemaKey(views as EntityViews),
  };
}

/**
 * A standalone schema file (schemas/account/, schemas/template/: forms that are not entities)
 * checked against the schema meta-schema and returned typed. Throws a DeclarationError naming
 * the file and JSON path of each problem.
 */
export function checkedSchema(schema: unknown, file: string): EntitySchema {
  const v = metaValidators();
  if (!v.schema(schema)) throw new DeclarationError(problemsOf(file, v.schema.errors ?? []));
  if (typeof schema !== 'object' || !schema.properties) throw new DeclarationError([{ file, path: '', message: 'the schema must be an object with properties' }]);
  return schema;
}

/** The two files of the access declarations as read from disk, before any check. */
export interface DeclaredAccess {
  files: { roles: string; posts: string };
  roles: unknown;
  posts: unknown;
}

/**
 * Checks schemas/_access/roles.json and posts.json against their meta-schemas and returns them
 * typed. Throws a DeclarationError naming the file and JSON path of each problem.
 */
export function checkedAccess(declared: DeclaredAccess): AccessDeclarations {
  const v = metaValidators();
  const { files, roles, posts } = declared;
  const problems = [];
  if (!v.roles(roles)) problems.push(...problemsOf(files.roles, v.roles.errors ?? []));
  if (!v.posts(posts)) problems.push(...problemsOf(files.posts, v.posts.errors ?? []));
  if (problems.length || !v.roles(roles) || !v.posts(posts)) throw new DeclarationError(problems);
  return { roles: roles.roles, posts: posts.posts };
}
