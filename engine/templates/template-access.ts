import type { EntityBundle } from '../declaration/types.ts';

/**
 * A template's records are the DFF data of a TRF, seen by whoever sees the TRF (their
 * `visible_to` follows it), authorized companies included: the engine, not the designer,
 * declares that (docs/declarations.md §3, access). Used where a template bundle is checked and
 * where its versions are registered.
 */
export function templateAccess(bundle: EntityBundle): EntityBundle {
  return { ...bundle, entity: { ...bundle.entity, access: { ...bundle.entity.access, visibility: 'authorized' } } };
}
