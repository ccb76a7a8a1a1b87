import type { FastifyInstance } from 'fastify';
import type { RouteDoc } from '../../engine/index.ts';

/**
 * One served route: its method, its pattern as Fastify matches it (`/api/entities/:entity/:id`),
 * whether it is public, and the request and response schemas (and OpenAPI tags) it declares.
 */
export type RouteEntry = RouteDoc;

/**
 * Collects every route as it is added (an `onRoute` hook, so it must be installed first). The
 * security tests walk this table; a route is public only when it says so (`config.public`).
 * OpenAPI lists every route of it (engine/openapi-routes.ts).
 */
export function recordRoutes(app: FastifyInstance): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({ method, url: route.url, public: route.config?.public === true, schema: route.schema as RouteEntry['schema'] });
    }
  });
  return table;
}
