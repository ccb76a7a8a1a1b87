import { SchemaBudgetError, WalkBudget } from '../schema/walk.ts';

/**
 * The upper bounds the engine gives a schema's values where its declaration sets none
 * (docs/declarations.md §1, "Default bounds"), and the work budget of the walk that applies them.
 * A declaration's own `maxLength` / `maxItems` always wins: a field that needs more says so
 * (`"maxLength": 50000` on a long text, `"maxItems": 5000` on a list).
 */
export interface SchemaLimits {
  /** A text field without `maxLength`. */
  maxLength: number;
  /** A string picking a record or an option (`x-lookup`): an id or a code. */
  idMaxLength: number;
  /** A string with a `format` (date, date-time, email, uri…): the longest a URI is commonly allowed. */
  formatMaxLength: number;
  /** A `data-url` string or one with a `contentEncoding` (an inline file): the request body's limit. */
  encodedMaxLength: number;
  /** A list without `maxItems`. */
  maxItems: number;
  /** Schema nodes one compile may visit (every pass together): past it, `SchemaBudgetError` (engine/schema/walk.ts: one error for every schema walk's budget). */
  nodeBudget: number;
  /** How deep schema nodes may nest: past it, `SchemaBudgetError` (the walk is recursive). */
  maxDepth: number;
}

export const SCHEMA_LIMITS: Readonly<SchemaLimits> = {
  maxLength: 10_000,
  idMaxLength: 256,
  formatMaxLength: 2_048,
  encodedMaxLength: 2 * 1024 * 1024,
  maxItems: 1_000,
  nodeBudget: 200_000,
  maxDepth: 512,
};

/** Counts the nodes a compile visits; throws `SchemaBudgetError` past the budget or the depth. */
export class SchemaBudget extends WalkBudget {
  constructor(private readonly limits: Pick<SchemaLimits, 'nodeBudget' | 'maxDepth'>) {
    super(limits.nodeBudget);
  }

  /** One node at `depth` (the walk is recursive, so its depth is bounded too). */
  override spend(depth = 0): void {
    if (depth > this.limits.maxDepth) throw new SchemaBudgetError(this.limits.nodeBudget);
    super.spend();
  }
}
