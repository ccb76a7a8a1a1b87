import type { EntityBundle, RelayDeclaration } from './types.ts';
import { fieldAt } from '../schema/resolve.ts';
import { pointer } from './errors.ts';

type Problem = { file: string; path: string; message: string };

/**
 * An entity's `relays` (docs/declarations.md §3), once every entity is registered: the target
 * exists and takes each mapped event as an action; `field` is a field of this entity, `whenAll`
 * names this entity's lifecycle fields; a `forward` relay names a field of the target, and the
 * target relays each forwarded event back to this one by that field (else the record whose event
 * was forwarded would never move).
 */
export function relayProblems(b: EntityBundle, relay: RelayDeclaration, target: EntityBundle | undefined, file: string, i: number): Problem[] {
  const at = (...rest: (string | number)[]) => pointer('relays', i, ...rest);
  if (!target) return [{ file, path: at('entity'), message: `'${relay.entity}' is not a registered entity` }];
  const problems: Problem[] = [];
  if (relay.field !== undefined && !fieldAt(b.schema, relay.field)) problems.push({ file, path: at('field'), message: `'${relay.field}' is not a field of '${b.entity.name}'` });
  for (const [event, mapped] of Object.entries(relay.events)) {
    if (!target.entity.actions?.[mapped]) problems.push({ file, path: at('events', event), message: `'${mapped}' is not an action of '${relay.entity}'` });
  }
  const regions = b.entity.lifecycle?.regions ?? {};
  for (const field of Object.keys(relay.whenAll ?? {})) {
    if (!regions[field]) problems.push({ file, path: at('whenAll', field), message: `'${field}' is not a lifecycle field of '${b.entity.name}'` });
  }
  if (relay.forward === undefined) return problems;
  if (!fieldAt(target.schema, relay.forward)) problems.push({ file, path: at('forward'), message: `'${relay.forward}' is not a field of '${relay.entity}'` });
  for (const [event, mapped] of Object.entries(relay.events)) {
    if (event.startsWith('$')) problems.push({ file, path: at('events', event), message: 'a forward relay forwards a user\'s event, not a write' });
    const back = target.entity.relays?.some((r) => r.entity === b.entity.name && r.field === relay.forward && r.events[mapped] === event);
    if (!back) problems.push({ file, path: at('events', event), message: `'${relay.entity}' relays no '${mapped}' back as '${event}' by '${relay.forward}'` });
  }
  return problems;
}
