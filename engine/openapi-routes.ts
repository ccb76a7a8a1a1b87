/** A served route as the server's route table records it (server/http/route-table.ts). */
export interface RouteDoc {
  method: string;
  url: string;
  public: boolean;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown>; tags?: string[] };
}

const ERROR = { $ref: '#/components/schemas/Error' };
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

/** Drops what OpenAPI readers do not know: `x-` annotations, `$id`, `$data` rules. */
export function plainSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('x-') || k === '$schema' || k === '$id' || k === 'formatMinimum' || k === 'formatMaximum') continue;
    if (k === '$ref' && typeof v === 'string') out[k] = v.replace('#/definitions/', '#/components/schemas/');
    else out[k] = plainSchema(v);
  }
  return out;
}

/** `/api/notices/:id/:action` → `/api/notices/{id}/{action}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The parameters of one location (`path`, `query`) from the route's object schema. */
function parameters(schema: unknown, where: 'path' | 'query'): unknown[] {
  const s = schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  return Object.entries(s?.properties ?? {}).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || (s?.required ?? []).includes(name),
    schema: plainSchema(p),
  }));
}

/** The tag of a route: its declared tags, else its first path segment after /api. */
const tagsOf = (r: RouteDoc) => r.schema?.tags ?? [r.url.split('/')[2] ?? 'api'];

/**
 * The OpenAPI paths of the routes served (every /api route but the per-entity ones, which
 * engine/openapi.ts derives from the declarations): their declared request and response
 * schemas, tags, and `security: []` on the routes that need no session.
 */
export function routePaths(routes: readonly RouteDoc[]): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    if (!r.url.startsWith('/api/')) continue;
    const schema = r.schema ?? {};
    const responses: Record<string, unknown> = {};
    for (const [status, body] of Object.entries(schema.response ?? { 200: {} })) responses[status] = { description: status, ...json(plainSchema(body)) };
    for (const status of r.public ? ['400'] : ['400', '401', '403']) responses[status] ??= { description: status, ...json(ERROR) };
    const operation: Record<string, unknown> = {
      tags: tagsOf(r),
      parameters: [...parameters(schema.params, 'path'), ...parameters(schema.querystring, 'query')],
      responses,
      ...(schema.body ? { requestBody: { required: true, ...json(plainSchema(schema.body)) } } : {}),
      ...(r.public ? { security: [] } : {}),
    };
    (paths[openApiPath(r.url)] ??= {})[r.method.toLowerCase()] = operation;
  }
  return paths;
}
