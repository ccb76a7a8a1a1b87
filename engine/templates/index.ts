/** Templates: versions, checks before publishing, schema diffs and data migrations (docs/templates.md). */
export * from './types.ts';
export { collectFields, describeType, fieldTypeOf } from './field-shapes.ts';
export { convertValue, isLossless } from './convert.ts';
export { checkRenames, diffSchemas, isEmptyDiff } from './diff.ts';
export { compileMigrationStep, migrateThrough, type ArchivedValue, type DocMigration, type MigrationStep, type VersionSchema } from './migrate-doc.ts';
export { migrationPlan, planMigration, withTargetErrors, type MigrationPlan, type RecordPlan, type StoredDoc } from './plan.ts';
export { checkTemplate, checkTemplateWithWarnings, localizeProblems, type TemplateCheck } from './check-template.ts';
export { MAX_TABLE_ROWS, UPLOAD_LIMITS } from './check-fields.ts';
export { TEMPLATE_BUNDLE_SHAPE } from './bundle-shape.ts';
export { importSchema, IMPORT_LIMITS, WRAPPED_ROOT_KEY, type ImportInput, type ImportResult } from './import.ts';
