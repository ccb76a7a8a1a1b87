import type { AnyStateMachine } from 'xstate';

/**
 * A side effect a transition declares (docs/declarations.md §4): an `emit` action of the
 * machine, whose emitted event's type is the effect kind (`sendEmail`) and whose other fields are
 * its parameters. XState's pure `transition()` lists the actions without running them, so the
 * server reads the effects of a transition before committing it and writes them to its outbox
 * in the same transaction; nothing is sent from inside the machine.
 */
export interface DeclaredEffect {
  kind: string;
  params: Record<string, unknown>;
}

type ActionLike = { type?: unknown; params?: unknown };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The effects among a transition's actions (`transition()`/`initialTransition()`), in order. */
export function effectsOf(actions: readonly ActionLike[]): DeclaredEffect[] {
  const out: DeclaredEffect[] = [];
  for (const action of actions) {
    if (action.type !== 'xstate.emit' || !isRecord(action.params) || !isRecord(action.params.event)) continue;
    const { type, ...params } = action.params.event;
    if (typeof type === 'string') out.push({ kind: type, params });
  }
  return out;
}

/** Where a machine may emit an effect: the state, the action's name, and the effect as far as it is known statically. */
export interface EffectRef {
  state: string;
  action: string;
  /** The emitted event (kind and parameters), or undefined when it cannot be worked out without running the machine. */
  effect?: DeclaredEffect;
}

interface NodeLike {
  id: string;
  entry: readonly unknown[];
  exit: readonly unknown[];
  invoke: readonly { src: unknown }[];
  transitions: Map<string, readonly { actions: readonly unknown[] }[]>;
  always?: readonly { actions: readonly unknown[] }[];
  states: Record<string, NodeLike>;
}

type EmitImpl = { type?: unknown; event?: unknown };

/** The emitted event of a named emit action, evaluated with the reference's params (emit expressions here read only their params). */
function emittedBy(impl: EmitImpl, params: unknown): DeclaredEffect | undefined {
  try {
    const event = typeof impl.event === 'function' ? (impl.event as (a: unknown, p: unknown) => unknown)({ context: {}, event: { type: '' } }, params) : impl.event;
    if (!isRecord(event) || typeof event.type !== 'string') return undefined;
    const { type, ...rest } = event;
    return { kind: type, params: rest };
  } catch {
    return undefined;
  }
}

/** Every emit action a machine's states and transitions name (entry, exit, transitions, `after`, `always`, invoke done/error). */
export function effectRefs(machine: AnyStateMachine): EffectRef[] {
  const impls = (machine.implementations.actions ?? {}) as Record<string, EmitImpl>;
  const out: EffectRef[] = [];
  const visit = (state: string, ref: unknown) => {
    const name = typeof ref === 'string' ? ref : isRecord(ref) && typeof ref.type === 'string' ? ref.type : undefined;
    const impl = name !== undefined && Object.hasOwn(impls, name) ? impls[name] : undefined;
    if (!name || impl?.type !== 'xstate.emit') return;
    const effect = emittedBy(impl, isRecord(ref) ? ref.params : undefined);
    out.push({ state, action: name, ...(effect ? { effect } : {}) });
  };
  const walk = (node: NodeLike) => {
    for (const ref of [...node.entry, ...node.exit]) visit(node.id, ref);
    for (const transitions of [...node.transitions.values(), node.always ?? []]) for (const t of transitions) for (const ref of t.actions) visit(node.id, ref);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as NodeLike);
  return out;
}

/** Every `invoke` of a machine's states, as [state id, actor source]. */
export function invokedActors(machine: AnyStateMachine): [string, string][] {
  const walk = (node: NodeLike): [string, string][] => [
    ...node.invoke.map((i): [string, string] => [node.id, typeof i.src === 'string' ? i.src : 'an inline actor']),
    ...Object.values(node.states).flatMap(walk),
  ];
  return walk(machine.root as unknown as NodeLike);
}

/**
 * What stops a host from running a machine on its own: each invoked actor (a host that runs
 * transitions in its database transactions runs none) and each effect it has no handler for
 * (`accepts` says why not, or undefined when it runs it). One message per problem.
 */
export function unrunnableParts(machine: AnyStateMachine, accepts: (effect: DeclaredEffect) => string | undefined): string[] {
  const problems = invokedActors(machine).map(
    ([state, src]) => `machine '${machine.id}' invokes '${src}' in state '${state}': the server runs no invoked actor (use an \`after\` timer or a declared effect)`,
  );
  for (const ref of effectRefs(machine)) {
    const why = ref.effect ? accepts(ref.effect) : `the effect of '${ref.action}' cannot be worked out from its parameters`;
    if (why) problems.push(`machine '${machine.id}' emits '${ref.effect?.kind ?? ref.action}' in state '${ref.state}': ${why}`);
  }
  return [...new Set(problems)];
}
