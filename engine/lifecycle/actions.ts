import type { ActionDeclaration, FieldSchema, Language } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import type { PermissionMap } from '../permissions.ts';
import { hasPermission } from '../permissions.ts';
import { text } from '../i18n/labels.ts';
import { sampleValue } from '../schema/sample.ts';
import { canTake, type PersistedSnapshot } from './snapshot.ts';
import { partyMaySend, type Party } from './party.ts';

/** One lifecycle action as a renderer shows it (Refine-style: the renderer only maps it). */
export interface AvailableAction {
  event: string;
  label: string;
  variant: NonNullable<ActionDeclaration['variant']>;
  /** The machine takes the event in the record's state. */
  possible: boolean;
  /** The user holds the permission code, and is on the side of the record the action names (`by`). */
  permitted: boolean;
  confirm?: string;
  payloadSchema?: FieldSchema;
  removesRecord: boolean;
}

/** Whether the event could be taken now, probing guarded payloads with a satisfying sample. */
export function eventPossible(reg: RegisteredEntity, snapshot: PersistedSnapshot, event: string): boolean {
  if (!reg.machine) return false;
  const action = reg.entity.actions?.[event];
  const payload = action?.payloadSchema ? (sampleValue(action.payloadSchema) as Record<string, unknown>) : {};
  return canTake(reg.machine, snapshot, { ...payload, type: event });
}

/**
 * Every declared action with whether the machine can take it now and whether the user may send it.
 * A renderer shows the ones that are both; the statechart viewer greys the rest.
 */
export function deriveActions(
  reg: RegisteredEntity,
  snapshot: PersistedSnapshot,
  permissions: PermissionMap,
  lang: Language,
  /** The user's side of the record (partyOf); unknown (no record: the viewer's simulation) lets every side. */
  party?: Party,
): AvailableAction[] {
  return Object.entries(reg.entity.actions ?? {}).map(([event, action]) => ({
    event,
    label: text(action.label, lang, event),
    variant: action.variant ?? 'default',
    possible: eventPossible(reg, snapshot, event),
    permitted: hasPermission(permissions, action.permission) && (party === undefined || partyMaySend(action, party)),
    confirm: action.confirm && text(action.confirm, lang),
    payloadSchema: action.payloadSchema,
    removesRecord: Boolean(action.removesRecord),
  }));
}

/** Only what the user can press now. */
export function availableActions(
  reg: RegisteredEntity,
  snapshot: PersistedSnapshot,
  permissions: PermissionMap,
  lang: Language,
  party?: Party,
): AvailableAction[] {
  return deriveActions(reg, snapshot, permissions, lang, party).filter((a) => a.possible && a.permitted);
}
