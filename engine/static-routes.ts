import trfEntity from '../schemas/trf/trf.entity.json' with { type: 'json' };
import type { EntityDeclaration } from './declaration/types.ts';

/**
 * The page routes of the static entities (schemas/), without their schemas and machines: what
 * the portal needs to tell a page from an unknown path before anyone logs in. A new entity
 * folder joins here as in static-entities.ts (a unit test checks the two agree).
 */
export const STATIC_ENTITY_ROUTES: readonly EntityDeclaration['routes'][] = [(trfEntity as EntityDeclaration).routes];
