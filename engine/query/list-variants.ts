import type { ListParty, PartyList } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { hasPermission, type PermissionMap } from '../permissions.ts';
import { regionLeaves, regionNode } from '../lifecycle/regions.ts';

/**
 * A list variant (routes.partyLists with a `name`, docs/declarations.md §3): the main list with
 * its own restrictions. The server applies them whoever asks for the variant.
 */
export function listVariant(reg: RegisteredEntity, name: string): PartyList | undefined {
  return reg.entity.routes.partyLists?.find((l) => l.name === name);
}

/** One action of a work list: the lifecycle field its event is taken in, and the states taking it. */
export interface TodoAction {
  action: string;
  field: string;
  states: readonly string[];
  /** The side of the record that may send it (the action's `by`), when restricted. */
  party?: ListParty;
}

/** The leaf states of each lifecycle field in which the machine takes `event` (on the leaf or an ancestor within the region). */
export function statesTaking(reg: RegisteredEntity, event: string): { field: string; states: string[] }[] {
  const out: { field: string; states: string[] }[] = [];
  if (!reg.machine) return out;
  for (const [field, region] of Object.entries(reg.entity.lifecycle?.regions ?? {})) {
    const states: string[] = [];
    const top = regionNode(reg.machine, region);
    for (const leaf of regionLeaves(reg.machine, region)) {
      let takes = false;
      for (let node: typeof leaf | undefined = leaf; node && !takes; node = node === top ? undefined : node.parent) {
        const on = (node.config as { on?: Record<string, unknown> }).on;
        takes = Boolean(on && event in on);
      }
      if (takes) states.push(leaf.key);
    }
    if (states.length) out.push({ field, states });
  }
  return out;
}

/** Per entity and variant, per set of permitted actions: computed once, then reused by every request of users holding the same codes. */
const cache = new WeakMap<RegisteredEntity, Map<string, TodoAction[]>>();

/**
 * The work list's actions the user may send, each with the states taking it (read from the
 * machine): a record waits on the user when it rests in one of them. Guards are not read (a
 * guard's payload is the user's to give).
 */
export function todoActions(reg: RegisteredEntity, variant: PartyList, permissions: PermissionMap): TodoAction[] {
  const permitted = (variant.todo?.actions ?? []).filter((a) => {
    const action = reg.entity.actions?.[a];
    return action !== undefined && hasPermission(permissions, action.permission);
  });
  const key = `${variant.name ?? variant.path}|${permitted.join(',')}`;
  let perEntity = cache.get(reg);
  if (!perEntity) cache.set(reg, (perEntity = new Map()));
  let actions = perEntity.get(key);
  if (!actions) {
    actions = permitted.flatMap((action) => {
      const by = reg.entity.actions?.[action]?.by;
      // An event only the server sends (a payment received) is nobody's work.
      if (by === 'server') return [];
      return statesTaking(reg, action).map(({ field, states }) => ({
        action,
        field,
        states,
        ...(by ? { party: by } : {}),
      }));
    });
    perEntity.set(key, actions);
  }
  return actions;
}
