import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route's pattern, as Fastify matches it (`/api/entities/:entity/:id`). */
  url: string;
  public: boolean;
  /** The request and response schemas (and OpenAPI tags) the route declares. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown>; tags?: string[] };
}

/**
 * Collects every route as it is added (an `onRoute` hook, so it must be installed first). The
 * security tests walk this table; a route is public only when it says so (`config.public`).
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
