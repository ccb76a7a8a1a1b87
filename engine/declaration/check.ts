import type { AnyStateMachine } from 'xstate';
import type { EntityBundle } from './types.ts';
import { LANGUAGES } from './types.ts';
import { resolveField } from '../derive/fields.ts';
import { regionNode } from '../lifecycle/regions.ts';

/**
 * Checks that an entity's declarations agree with each other and with its machine, so a
 * mistake fails at registration with a message naming the entity and the place — never later
 * as a blank column or a button that does nothing.
 */
export function checkEntityBundle({ entity, schema, views }: EntityBundle, machine: AnyStateMachine | undefined): void {
  const fail = (what: string) => {
    throw new Error(`Entity '${entity.name}': ${what}`);
  };
  if (!/^[a-z][a-zA-Z0-9]*$/.test(entity.name)) fail('the name must be camelCase letters and digits');
  for (const lang of LANGUAGES) if (!entity.label[lang]) fail(`the label has no ${lang} text`);
  if (schema.type !== 'object' || !schema.properties) fail('the schema must be an object with properties');
  const paths = [
    entity.titleField,
    ...views.list.columns.map((c) => c.field),
    ...views.list.filters.map((f) => f.field),
    views.list.defaultSort.field,
    ...views.detail.sections.flatMap((s) => s.fields),
  ];
  for (const p of paths) resolveField(entity, schema, p);
  for (const s of views.form.sections) {
    for (const f of s.fields) if (!schema.properties[f]) fail(`form section '${s.id}' names '${f}', which is not a top-level field`);
  }
  for (const f of views.list.filters) {
    const { kind } = resolveField(entity, schema, f.field);
    if (f.op === 'contains' && kind !== 'text') fail(`filter '${f.field}' uses 'contains' on a ${kind} field`);
    if (f.op === 'range' && !['date', 'datetime', 'number'].includes(kind)) fail(`filter '${f.field}' uses 'range' on a ${kind} field`);
  }
  if (!machine) {
    if (entity.actions && Object.keys(entity.actions).length) fail('declares actions but has no lifecycle');
    return;
  }
  for (const region of Object.values(entity.lifecycle?.regions ?? {})) regionNode(machine, region);
  const machineEvents = new Set(machine.events.filter((e) => !e.startsWith('xstate.')));
  for (const event of Object.keys(entity.actions ?? {})) {
    if (!machineEvents.has(event)) fail(`action '${event}' is not an event of machine '${machine.id}'`);
  }
  for (const event of machineEvents) {
    if (!entity.actions?.[event]) fail(`machine event '${event}' has no action declaration (label and permission)`);
  }
}
