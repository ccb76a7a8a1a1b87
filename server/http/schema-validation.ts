import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { createAjv, joinPath, toFieldErrors, type EntitySchema, type FieldError, type Language } from '../../engine/index.ts';

/**
 * Route schemas are checked by the project's one ajv setup (engine/validate/ajv.ts): no type
 * coercion, no defaults filled in, nothing removed — what was sent is what the handler gets, or a
 * 400. The engine's `x-` keywords and `$data` rules work in route schemas as in forms.
 */
export function installSchemaValidation(app: FastifyInstance): void {
  const ajv = createAjv();
  app.setValidatorCompiler(({ schema }) => {
    const id = (schema as { $id?: unknown }).$id;
    const cached = typeof id === 'string' ? ajv.getSchema(id) : undefined;
    return cached ?? ajv.compile(schema);
  });
}

type Part = 'body' | 'querystring' | 'params' | 'headers';

/**
 * A route schema's violation as per-field messages in the language: the same messages as the
 * hand checks of forms (labels from `x-label`, else the field's name; the engine's sentence for the rule).
 */
export function schemaViolations(err: FastifyError, req: FastifyRequest, lang: Language): FieldError[] {
  const part = (err.validationContext ?? 'body') as Part;
  const schema = (req.routeOptions.schema as Partial<Record<Part, unknown>> | undefined)?.[part];
  const errors = (err.validation ?? []) as Parameters<typeof toFieldErrors>[1];
  const fieldErrors = toFieldErrors((schema ?? { type: 'object' }) as EntitySchema, errors, lang);
  return part === 'body' ? fieldErrors : fieldErrors.map((e) => ({ ...e, field: joinPath(part, e.field) }));
}
