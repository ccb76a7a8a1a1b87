import type { AnyStateMachine, StateNode } from 'xstate';

type AnyStateNode = StateNode<any, any>;

/** The state node of a top-level region ('.' is the machine's root, for non-parallel machines). */
export function regionNode(machine: AnyStateMachine, region: string): AnyStateNode {
  if (region === '.') return machine.root;
  const node = machine.root.states[region];
  if (!node) throw new Error(`Machine '${machine.id}' has no region '${region}'`);
  return node;
}

/** The innermost active state's key within a region of a snapshot value. */
export function regionLeaf(value: unknown, region: string): string {
  let cur: unknown = region === '.' ? value : (value as Record<string, unknown> | undefined)?.[region];
  while (cur && typeof cur === 'object') {
    const entries = Object.values(cur as Record<string, unknown>);
    if (entries.length !== 1) return '';
    cur = entries[0];
  }
  return typeof cur === 'string' ? cur : '';
}

/** Every state node below a region, leaves and compounds, keyed by state key. */
export function regionStates(machine: AnyStateMachine, region: string): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type === 'history') continue;
      out.push(child);
      walk(child);
    }
  };
  walk(regionNode(machine, region));
  return out;
}

/** The leaf states (ones a record can rest in) of a region. */
export function regionLeaves(machine: AnyStateMachine, region: string): AnyStateNode[] {
  return regionStates(machine, region).filter((n) => n.type === 'atomic' || n.type === 'final');
}
