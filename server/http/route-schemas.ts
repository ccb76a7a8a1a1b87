/**
 * Helpers for the JSON Schemas that routes declare (Fastify validates requests with them before
 * the handler; OpenAPI lists them). Plain JSON Schema objects, checked by the project's one ajv.
 */
export type JsonSchema = Record<string, unknown>;

/** Any JSON value: the response schema of a route whose data shape is not pinned down. */
export const ANY: JsonSchema = {};

/** `{ code, data }`, the answer of every route (docs/api.md); `data` any JSON unless given. */
export const envelope = (data: JsonSchema = ANY): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'integer' }, data },
});

/** The response schemas of a route: its success status with the envelope. */
export const answers = (data: JsonSchema = ANY, status = 200) => ({ [status]: envelope(data) });

/** Path parameters, every one a string. */
export const pathParams = (...names: string[]): JsonSchema => ({
  type: 'object',
  required: names,
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string', minLength: 1 }])),
});

/** Query parameters, each one string (sent once); others are allowed through to the handler. */
export const queryStrings = (...names: string[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
});

/** A JSON object body, its fields checked by the handler's own validation (field-level messages). */
export const OBJECT_BODY: JsonSchema = { type: 'object' };

/** Object properties, all optional strings. */
export const optionalStrings = (...names: string[]): Record<string, JsonSchema> => Object.fromEntries(names.map((n) => [n, { type: 'string' }]));
