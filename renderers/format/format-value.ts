import type { Language, RegisteredEntity } from '../../engine/index.ts';
import { stateOptions } from '../../engine/index.ts';

/** Plain-text forms of field values in the user's language live in the engine (shared with the server's exports). */
export { formatDate, formatDateTime, formatScalar } from '../../engine/index.ts';

/** The label of a state (a leaf of the region behind a system state field), from the machine. */
export function stateLabel(reg: RegisteredEntity, field: string, value: string, lang: Language): string {
  return stateOptions(reg, field, lang).find((o) => o.value === value)?.label ?? value;
}

/** Dark shades of antd's palette (blue, cyan, geekblue, …): white text on them reads at 4.5:1 or more. */
const STATE_COLORS = ['#0958d9', '#006d75', '#1d39c4', '#531dab', '#874d00', '#237804', '#ad4e00', '#ad2102', '#9e1068', '#3f6600', '#a8071a'];

/** A stable tag colour per state: the state's position among its region's leaves. */
export function stateColor(reg: RegisteredEntity, field: string, value: string): string {
  const index = stateOptions(reg, field, 'en-US').findIndex((o) => o.value === value);
  return STATE_COLORS[(index < 0 ? 0 : index) % STATE_COLORS.length] ?? 'default';
}

/** The system state fields of an entity (`$status`, …) in declaration order. */
export function stateFieldsOf(reg: RegisteredEntity): string[] {
  return Object.keys(reg.entity.lifecycle?.regions ?? {});
}
