import type { EntitySchema } from '../declaration/types.ts';
import { draftOf } from './drafts.ts';

/**
 * A schema as its validator compiles it, under the key the engine gives it: the root's own id
 * (`$id`, or draft-04's `id`) replaced by `key` in the id keyword of the schema's draft, the
 * other spelling dropped (draft-06 on reject an `id`, draft-04 ignores `$id`). Two templates, or
 * two versions of one, that carry the same root id then never collide in an ajv instance, and
 * the stored schema keeps what its author wrote.
 */
export function withValidatorId(schema: EntitySchema, key: string): EntitySchema {
  const { $id: _$id, id: _id, ...rest } = schema as EntitySchema & { id?: unknown };
  return (draftOf(schema) === 'draft-04' ? { ...rest, id: key } : { ...rest, $id: key }) as EntitySchema;
}
