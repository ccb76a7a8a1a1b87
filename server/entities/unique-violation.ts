import { fieldAt, fieldLabel, message, text as localized, type EntityRegistry, type Language } from '../../engine/index.ts';
import { uniqueIndexes } from '../db/sql-expressions.ts';
import { ApiError } from '../http/errors.ts';

/** What PostgreSQL and PGlite report for a write refused by a unique index. */
const isUniqueViolation = (err: unknown): err is { code: string; constraint?: string } =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * A write refused by a declared uniqueness (entity `unique`) as the user's error: 409 with the
 * fields whose values already exist, labelled in the request language. Other errors pass.
 */
export function duplicateValueError(registry: EntityRegistry, err: unknown, lang: Language): ApiError | undefined {
  if (!isUniqueViolation(err) || !err.constraint) return undefined;
  for (const reg of registry.list()) {
    const index = uniqueIndexes(reg).find((u) => u.name === err.constraint);
    if (!index) continue;
    const labels = index.fields.map((f) => fieldLabel(fieldAt(reg.schema, f), lang, f)).join(lang === 'zh-CN' ? '、' : ', ');
    // A declared message says what the repeat is ('Invoice Information already exists'), else the fields are named.
    const declared = index.message ? localized(index.message, lang, '') : undefined;
    const said = declared ?? message('DUPLICATE_VALUE', lang, { fields: labels });
    const errors = index.fields.map((field) => ({ field, keyword: 'unique', message: said }));
    return declared !== undefined ? new ApiError(409, 'DUPLICATE_RECORD', { message: declared }, errors) : new ApiError(409, 'DUPLICATE_VALUE', { fields: labels }, errors);
  }
  return undefined;
}
