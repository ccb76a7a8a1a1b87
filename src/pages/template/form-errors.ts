import type { FormInstance } from 'antd';
import { ApiError } from '../../api/api-error.ts';

/**
 * Shows a refused save: the server's per-field messages (already in the user's language) under
 * the fields the form has, and returns the message for the rest (or undefined when every error
 * found its field).
 */
export function showServerErrors(form: FormInstance, err: unknown, fields: readonly string[]): string | undefined {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const errors = err.errors ?? [];
  const own = errors.filter((e) => fields.includes(e.field));
  form.setFields(own.map((e) => ({ name: e.field, errors: [e.message] })));
  const rest = errors.filter((e) => !fields.includes(e.field));
  if (own.length && !rest.length) return undefined;
  return rest.length ? rest.map((e) => e.message).join('; ') : err.message;
}

/** A form's onValuesChange that clears the server's message under a field once the user changes it. */
export const clearErrorsOnChange = (form: FormInstance) => (changed: object) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
