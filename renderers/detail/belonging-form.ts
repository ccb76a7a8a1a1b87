import type { EntitySchema, RegisteredEntity } from '../../engine/index.ts';

/**
 * The form of a record made from its parent's page (entity `belongsTo`): the fields of its form
 * sections, less those the page or the server fills (the parent, the answered record, the copied
 * values, system fields).
 */
export function belongingFormSchema(reg: RegisteredEntity): EntitySchema {
  const belongs = reg.entity.belongsTo!;
  const skip = new Set([belongs.field, ...(belongs.replyTo ? [belongs.replyTo] : []), ...Object.keys(belongs.fill ?? {})]);
  const fields = reg.views.form.sections.flatMap((s) => s.fields).filter((f) => !skip.has(f) && !reg.schema.properties[f]?.['x-system']);
  return {
    ...reg.schema,
    $id: `${reg.schema.$id}#belonging`,
    properties: Object.fromEntries(fields.map((f) => [f, reg.schema.properties[f]!])),
    required: (reg.schema.required ?? []).filter((f) => fields.includes(f)),
  };
}

/** Records of the page, as a thread: each top-level record followed by its replies (depth first), with their depth. */
export function threadOf<T extends { id: string; doc: Record<string, unknown> }>(records: readonly T[], replyTo: string | undefined): { record: T; depth: number }[] {
  if (!replyTo) return records.map((record) => ({ record, depth: 0 }));
  const ids = new Set(records.map((r) => r.id));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const r of records) {
    const parent = r.doc[replyTo];
    if (typeof parent === 'string' && ids.has(parent)) children.set(parent, [...(children.get(parent) ?? []), r]);
    else roots.push(r);
  }
  const out: { record: T; depth: number }[] = [];
  const walk = (r: T, depth: number) => {
    out.push({ record: r, depth });
    for (const c of children.get(r.id) ?? []) walk(c, depth + 1);
  };
  for (const r of roots) walk(r, 0);
  return out;
}
