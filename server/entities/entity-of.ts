import type { FastifyRequest } from 'fastify';
import { UnknownEntityError, type EntityRegistry, type RegisteredEntity } from '../../engine/index.ts';
import { ApiError } from '../http/errors.ts';

/** The registered entity a route's `:entity` names; 404 `UNKNOWN_ENTITY` otherwise. */
export function entityOfRequest(registry: EntityRegistry, req: FastifyRequest): RegisteredEntity {
  const name = (req.params as { entity: string }).entity;
  try {
    return registry.get(name);
  } catch (err) {
    if (err instanceof UnknownEntityError) throw new ApiError(404, 'UNKNOWN_ENTITY', { entity: name });
    throw err;
  }
}
