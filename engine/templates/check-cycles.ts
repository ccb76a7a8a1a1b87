import type { EntitySchema } from '../declaration/types.ts';
import { refTarget } from '../schema/resolve.ts';
import { refKey, WalkBudget } from '../schema/walk.ts';
import type { TemplateProblem } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that apply their schemas to the same value (no property or item in between). */
const IN_PLACE_ONE = ['not', 'if', 'then', 'else'] as const;
const IN_PLACE_LIST = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_MAP = ['dependentSchemas', 'dependencies'] as const;

/** The references a node applies to its own value, with where each is written. */
function inPlaceRefs(node: unknown, at: string, budget: WalkBudget, out: { ref: string; at: string }[]): void {
  if (!isObj(node)) return;
  budget.spend();
  if (typeof node.$ref === 'string') out.push({ ref: refKey(node.$ref), at });
  for (const k of IN_PLACE_ONE) inPlaceRefs(node[k], `${at}.${k}`, budget, out);
  for (const k of IN_PLACE_LIST) if (Array.isArray(node[k])) (node[k] as unknown[]).forEach((c, i) => inPlaceRefs(c, `${at}.${k}.${i}`, budget, out));
  for (const k of IN_PLACE_MAP) if (isObj(node[k])) for (const [name, c] of Object.entries(node[k] as Obj)) inPlaceRefs(c, `${at}.${k}.${name}`, budget, out);
}

/**
 * References that come back to themselves through `$ref`, `allOf`, `anyOf`, `oneOf`, `not`,
 * `if`/`then`/`else` or dependent schemas alone — with no property or list item in between — ask
 * a value to be checked against itself without end: no value can ever be validated (a validator
 * recurses until its stack runs out). Recursion through a property or an item (a tree) is fine.
 * One problem per cycle found, at the reference that closes it.
 */
export function refCycles(root: EntitySchema, budget = new WalkBudget()): TemplateProblem[] {
  const edges = new Map<string, { ref: string; at: string }[]>();
  const edgesOf = (location: string): { ref: string; at: string }[] => {
    let known = edges.get(location);
    if (!known) {
      known = [];
      edges.set(location, known);
      const at = `schema${location.slice(1).replaceAll('/', '.')}`;
      inPlaceRefs(location === '#' ? root : refTarget(root, location), at, budget, known);
    }
    return known;
  };
  const problems: TemplateProblem[] = [];
  const done = new Set<string>();
  const visit = (location: string, stack: string[]) => {
    if (done.has(location)) return;
    stack.push(location);
    for (const { ref, at } of edgesOf(location)) {
      if (stack.includes(ref)) problems.push({ at, code: 'TEMPLATE_REF_CYCLE', params: { path: at, ref } });
      else visit(ref, stack);
    }
    stack.pop();
    done.add(location);
  };
  // Every reference written anywhere starts a walk: a cycle among definitions no field uses still breaks the compiler.
  const starts = new Set<string>(['#']);
  const collect = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (!isObj(node)) return;
    budget.spend();
    if (typeof node.$ref === 'string') starts.add(refKey(node.$ref));
    for (const [k, v] of Object.entries(node)) if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') collect(v);
  };
  collect(root);
  for (const start of starts) visit(start, []);
  return problems;
}
