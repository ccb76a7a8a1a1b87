import type { FieldSchema } from './declaration/types.ts';
import type { EntityRegistry } from './registry.ts';
import { FILTER_PREFIX } from './query/list-query.ts';
import { plainSchema as plain, routePaths, type RouteDoc } from './openapi-routes.ts';

const ERROR = { $ref: '#/components/schemas/Error' };
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const envelope = (data: unknown) => ({ type: 'object', properties: { code: { type: 'integer' }, data } });

/**
 * The OpenAPI 3.1 document: every registered entity's endpoints, derived from the schemas, and
 * every other route served (`routes`, the server's route table) with the schemas it declares.
 */
export function buildOpenApi(registry: EntityRegistry, version: string, routes: readonly RouteDoc[] = []): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer' },
        errorCode: { type: 'string' },
        message: { type: 'string' },
        errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, keyword: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
  };
  const paths: Record<string, unknown> = routePaths(routes);
  for (const reg of registry.list()) {
    const n = reg.name;
    const Doc = `${n[0]!.toUpperCase()}${n.slice(1)}`;
    for (const [name, def] of Object.entries(reg.schema.definitions ?? {})) schemas[`${Doc}_${name}`] = plain(def);
    const docSchema = JSON.parse(JSON.stringify(plain(reg.schema)).replaceAll('#/components/schemas/', `#/components/schemas/${Doc}_`));
    delete docSchema.definitions;
    schemas[Doc] = docSchema;
    schemas[`${Doc}Record`] = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        version: { type: 'integer' },
        doc: { $ref: `#/components/schemas/${Doc}` },
        states: { type: 'object', additionalProperties: { type: 'string' } },
        snapshot: { type: 'object' },
        companyId: { type: 'string' },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    };
    const record = { $ref: `#/components/schemas/${Doc}Record` };
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
    const errors = { 400: json(ERROR), 401: json(ERROR), 403: json(ERROR), 404: json(ERROR) };
    const filterParams = reg.views.list.filters.map((f) => ({
      name: `${FILTER_PREFIX}${f.field}`,
      in: 'query',
      schema: { type: 'string' },
      description: f.op === 'range' ? 'from..to' : f.op === 'in' ? 'comma-separated values' : f.op,
    }));
    paths[`/api/entities/${n}`] = {
      get: {
        tags: [n],
        summary: `List ${n}`,
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'pageSize', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200 } },
          { name: 'sort', in: 'query', schema: { type: 'string' }, description: 'field:asc|desc' },
          ...filterParams,
        ],
        responses: { 200: json(envelope({ type: 'object', properties: { items: { type: 'array', items: record }, total: { type: 'integer' } } })), ...errors },
      },
      post: {
        tags: [n],
        summary: `Create ${n}`,
        requestBody: json({ type: 'object', required: ['doc'], properties: { doc: { $ref: `#/components/schemas/${Doc}` } } }),
        responses: { 201: json(envelope(record)), ...errors },
      },
    };
    paths[`/api/entities/${n}/{id}`] = {
      get: { tags: [n], parameters: [idParam], responses: { 200: json(envelope(record)), ...errors } },
      put: {
        tags: [n],
        parameters: [idParam],
        requestBody: json({ type: 'object', required: ['doc', 'version'], properties: { version: { type: 'integer' }, doc: { $ref: `#/components/schemas/${Doc}` } } }),
        responses: { 200: json(envelope(record)), 409: json(ERROR), ...errors },
      },
      delete: { tags: [n], parameters: [idParam, { name: 'version', in: 'query', required: true, schema: { type: 'integer' } }], responses: { 200: json(envelope({})), 409: json(ERROR), ...errors } },
    };
    if (reg.machine) {
      paths[`/api/entities/${n}/{id}/events`] = {
        post: {
          tags: [n],
          summary: `Send a lifecycle event to a ${n}`,
          parameters: [idParam],
          requestBody: json({
            type: 'object',
            required: ['type', 'version'],
            properties: {
              type: { type: 'string', enum: Object.keys(reg.entity.actions ?? {}) },
              version: { type: 'integer' },
              payload: { oneOf: Object.values(reg.entity.actions ?? {}).filter((a) => a.payloadSchema).map((a) => plain(a.payloadSchema) as FieldSchema) },
            },
          }),
          responses: { 200: json(envelope(record)), 409: json(ERROR), ...errors },
        },
      };
      paths[`/api/entities/${n}/{id}/history`] = { get: { tags: [n], parameters: [idParam], responses: { 200: json(envelope({ type: 'array' })), ...errors } } };
    }
    if (reg.entity.copy) {
      paths[`/api/entities/${n}/{id}/copy`] = { post: { tags: [n], parameters: [idParam], responses: { 201: json(envelope(record)), ...errors } } };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portico API', version },
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Portico-Auth' } },
    },
    security: [{ session: [] }],
    paths,
  };
}
