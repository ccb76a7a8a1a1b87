import { expect } from 'vitest';
import { DeclarationError, STATIC_BUNDLES, type EntityBundle } from '../../../engine/index.ts';
import { checkLinkedEntities } from '../../../engine/declaration/check-links.ts';

export type Json = Record<string, any>;

/** The static bundles with one entity changed (a deep copy: the registered ones stay as they are). */
export const withChanged = (name: string, mutate: (b: { entity: Json; schema: Json }) => void): EntityBundle[] =>
  STATIC_BUNDLES.map((b) => {
    if (b.entity.name !== name) return b;
    const copy = JSON.parse(JSON.stringify(b)) as EntityBundle & { entity: Json; schema: Json };
    mutate(copy);
    return copy;
  });

/** What the cross-entity check says of the bundles: its message, empty when they pass. */
export const linkProblems = (bundles: EntityBundle[]): string => {
  try {
    checkLinkedEntities(bundles);
  } catch (err) {
    expect(err).toBeInstanceOf(DeclarationError);
    return (err as Error).message;
  }
  return '';
};
