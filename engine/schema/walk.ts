import type { EntitySchema, FieldSchema } from '../declaration/types.ts';
import { refTarget } from './resolve.ts';

/**
 * Bounded walks over schemas (issue 52). A schema is data a designer or an outside author wrote:
 * it may be recursive (a tree, a bill of materials: legitimate), cyclic through in-place
 * applicators (`allOf` back to itself: never satisfiable) or simply huge. Every walk over a
 * schema — checks, derivations, labels, diff, migration, the designer's tree — carries
 *
 * - a **trail**: the references followed from the root down to the node being walked; a
 *   reference already on the trail is recursion, and the walk does not follow it again on that
 *   path (each `$ref` is followed once per path, keyed by the location it resolves to);
 * - a **budget**: the nodes one walk may visit; past it the walk throws SchemaBudgetError, which
 *   the server answers with a translated 422 naming the limit.
 *
 * Depth limits alone are not enough: three properties referring to the root, walked 16 deep,
 * are 3^16 (43 million) nodes.
 */

/** Nodes one walk over one schema may visit: the largest legitimate schemas seen (SchemaStore, the meta-schemas) take a few thousand. */
export const SCHEMA_WALK_BUDGET = 200_000;

/** A walk over a schema went past its budget: the schema is too large or branches too much to be used. */
export class SchemaBudgetError extends Error {
  readonly code = 'SCHEMA_TOO_COMPLEX';
  /** The message's parameters (engine/i18n/messages.ts). */
  readonly params: { max: number };
  constructor(readonly budget: number) {
    super(`The schema needs more than ${budget} steps to walk`);
    this.params = { max: budget };
  }
}

/** What one walk may still spend. Share one between the walks of one request when they add up. */
export class WalkBudget {
  private spent = 0;
  constructor(readonly max: number = SCHEMA_WALK_BUDGET) {}

  /** Counts `n` nodes visited; throws SchemaBudgetError past the budget. */
  spend(n = 1): void {
    this.spent += n;
    if (this.spent > this.max) throw new SchemaBudgetError(this.max);
  }
}

/** `#`, `#/`, `#/a%20b` → one spelling per location, so the trail knows two spellings of one target. */
export function refKey(ref: string): string {
  let key = ref;
  try {
    key = decodeURIComponent(ref);
  } catch {
    /* kept as written: it will not resolve either */
  }
  return key === '#/' ? '#' : key.replace(/\/+$/, '');
}

/** The references followed from the root to a node. The root itself (`#`) is on every trail. */
export class RefTrail {
  private constructor(private readonly refs: readonly string[]) {}

  static readonly ROOT = new RefTrail(['#']);

  has(ref: string): boolean {
    return this.refs.includes(refKey(ref));
  }

  with(ref: string): RefTrail {
    return new RefTrail([...this.refs, refKey(ref)]);
  }
}

/** A node reached on a walk: its references followed (the referring node's own keywords win), with the trail that leads to it. */
export interface Entered {
  node: FieldSchema;
  trail: RefTrail;
}

/** The reference that would close a loop on this path: the walk shows the field but does not go into it. */
export interface Recursive {
  recursive: string;
}

/** Chains of references longer than this (`a` → `b` → … without any node of its own) are taken as loops. */
const MAX_REF_CHAIN = 32;

/**
 * Follows a node's local references once per path. Answers the node as walked (`Entered`), a
 * `Recursive` marker when a reference leads back to a node on the trail (the walk shows the field
 * and stops there), or undefined when a reference does not resolve or the chain loops on itself
 * (`a` → `a`), which the template checks report.
 */
export function enter(root: EntitySchema, raw: FieldSchema, trail: RefTrail, budget: WalkBudget): Entered | Recursive | undefined {
  budget.spend();
  let node = raw;
  let at = trail;
  for (let i = 0; typeof node.$ref === 'string'; i++) {
    const ref = node.$ref;
    // Back to a node this chain passed without a node of its own in between: a loop, not recursion.
    if (i > 0 && at.has(ref) && !trail.has(ref)) return undefined;
    if (at.has(ref)) return { recursive: refKey(ref) };
    const target = i < MAX_REF_CHAIN ? refTarget(root, ref) : undefined;
    if (!target) return undefined;
    const { $ref: _ref, ...siblings } = node;
    node = { ...target, ...siblings };
    at = at.with(ref);
  }
  return { node, trail: at };
}

export const isRecursive = (e: Entered | Recursive | undefined): e is Recursive => !!e && 'recursive' in e;

const isNode = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every `$ref` written inside a node (its subschemas included, references not followed). */
function refsWithin(node: unknown, budget: WalkBudget, out: Set<string>): Set<string> {
  if (!isNode(node)) return out;
  budget.spend();
  if (Array.isArray(node)) {
    for (const item of node) refsWithin(item, budget, out);
    return out;
  }
  if (typeof node.$ref === 'string') out.add(refKey(node.$ref));
  for (const [key, value] of Object.entries(node)) if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') refsWithin(value, budget, out);
  return out;
}

const recursiveSets = new WeakMap<object, ReadonlySet<string>>();

/**
 * The references of a schema that lead back to themselves (a tree's node, a bill of materials'
 * part, `#` when a field refers to the root): what a form leaves to RJSF's cycle break instead of
 * inlining. Found once per schema object.
 */
export function recursiveRefs(root: EntitySchema, budget = new WalkBudget()): ReadonlySet<string> {
  const known = recursiveSets.get(root);
  if (known) return known;
  const direct = new Map<string, Set<string>>();
  const edges = (ref: string): Set<string> => {
    let out = direct.get(ref);
    if (!out) {
      out = new Set();
      direct.set(ref, out);
      refsWithin(ref === '#' ? root : refTarget(root, ref), budget, out);
    }
    return out;
  };
  const all = refsWithin(root, budget, new Set());
  const found = new Set<string>();
  for (const start of all) {
    const seen = new Set<string>();
    const stack = [...edges(start)];
    while (stack.length) {
      const ref = stack.pop()!;
      if (ref === start) {
        found.add(start);
        break;
      }
      if (seen.has(ref)) continue;
      seen.add(ref);
      budget.spend();
      stack.push(...edges(ref));
    }
  }
  recursiveSets.set(root, found);
  return found;
}
