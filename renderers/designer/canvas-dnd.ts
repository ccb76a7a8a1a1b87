import type { DragEndEvent } from '@dnd-kit/core';
import type { LocalizedText } from '../../engine/index.ts';
import type { DesignerState } from './designer-store.ts';
import { CONTAINER_TYPES, fieldTypeOfNode, type FieldTypeName } from './field-types.ts';
import { holderAt, nodeAt, type FieldPath } from './schema-tree.ts';

/** Drag ids: palette items, fields (their keys as JSON: a key may hold '.') and container drop zones. */
export const paletteId = (type: FieldTypeName) => `palette:${type}`;
export const fieldId = (path: FieldPath) => `field:${JSON.stringify(path)}`;
export const zoneId = (path: FieldPath) => `zone:${JSON.stringify(path)}`;

const parse = (id: string, prefix: string): FieldPath | undefined => (id.startsWith(prefix) ? (JSON.parse(id.slice(prefix.length)) as string[]) : undefined);

/** Where a drop lands: into a container zone (at its end) or before the field it is over. */
function dropTarget(state: DesignerState, overId: string): { parent: FieldPath; index: number } | undefined {
  const zone = parse(overId, 'zone:');
  if (zone) return { parent: zone, index: Object.keys(holderAt(state.doc.bundle, zone)?.properties ?? {}).length };
  const field = parse(overId, 'field:');
  if (!field?.length) return undefined;
  const parent = field.slice(0, -1);
  return { parent, index: Object.keys(holderAt(state.doc.bundle, parent)?.properties ?? {}).indexOf(field[field.length - 1]!) };
}

/** Applies a finished drag: a palette item adds a field, a field moves (reorders or nests). */
export function applyDrop(state: DesignerState, event: DragEndEvent, label: (type: FieldTypeName) => LocalizedText): void {
  if (!event.over) return;
  const activeId = String(event.active.id);
  const overId = String(event.over.id);
  if (activeId === overId) return;
  const target = dropTarget(state, overId);
  if (!target) return;
  if (activeId.startsWith('palette:')) {
    const type = activeId.slice('palette:'.length) as FieldTypeName;
    state.add(type, target.parent, label(type), target.index);
    return;
  }
  const from = parse(activeId, 'field:');
  if (from?.length) state.move(from, target.parent, target.index);
}

const keysAt = (state: DesignerState, parent: FieldPath) => Object.keys(holderAt(state.doc.bundle, parent)?.properties ?? {});

/** The group (section or table) just above a field, which "move into" puts it in; undefined when there is none. */
export function groupAbove(state: DesignerState, path: FieldPath): FieldPath | undefined {
  const parent = path.slice(0, -1);
  const keys = keysAt(state, parent);
  const above = keys[keys.indexOf(path[path.length - 1]!) - 1];
  const node = above === undefined ? undefined : nodeAt(state.doc.bundle, [...parent, above]);
  return node && CONTAINER_TYPES.includes(fieldTypeOfNode(node)) ? [...parent, above!] : undefined;
}

/** Keyboard alternative to dragging a field into a group: to the end of the group just above it. */
export function moveIntoGroupAbove(state: DesignerState, path: FieldPath): FieldPath | undefined {
  const group = groupAbove(state, path);
  return group && state.move(path, group, keysAt(state, group).length);
}

/** Keyboard alternative to dragging a field out of its group: right after the group, in the group's parent. */
export function moveOutOfGroup(state: DesignerState, path: FieldPath): FieldPath | undefined {
  if (path.length < 2) return undefined;
  const group = path.slice(0, -1);
  const outer = group.slice(0, -1);
  return state.move(path, outer, keysAt(state, outer).indexOf(group[group.length - 1]!) + 1);
}
