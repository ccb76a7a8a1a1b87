import {
  applyEvent,
  changedFields,
  initialSnapshot,
  stateFields,
  valueAt,
  withDefaults,
  type AuditEntry,
  type EntityRecord,
  type EntityRegistry,
  type LookupOption,
} from '../../engine/index.ts';
import type { DataError, DataProvider } from '../../renderers/env/data-provider.ts';

const fail = (code: number, message: string): never => {
  throw { code, message } satisfies DataError;
};

/**
 * A data provider kept in memory, for Storybook: records follow their machine (the engine's
 * applyEvent), versions are checked, history is written — the renderers behave as on the server,
 * without one.
 */
export function memoryDataProvider(registry: EntityRegistry, lookups: Record<string, LookupOption[]>, seed: EntityRecord[] = []): DataProvider {
  const records = new Map(seed.map((r) => [r.id, r]));
  const history = new Map<string, AuditEntry[]>();
  let counter = 0;
  const audit = (id: string, entry: Omit<AuditEntry, 'id' | 'at' | 'actorId' | 'actorName'>) =>
    history.set(id, [...(history.get(id) ?? []), { ...entry, id: String(++counter), at: new Date().toISOString(), actorId: 'u-story', actorName: 'Storybook' }]);
  const find = (id: string) => records.get(id) ?? fail(404, 'Not found');
  const save = (r: EntityRecord) => {
    records.set(r.id, r);
    return structuredClone(r);
  };
  const create = async (entity: string, doc: Record<string, unknown>): Promise<EntityRecord> => {
    const reg = registry.get(entity);
    const snapshot = reg.machine ? initialSnapshot(reg.machine) : null;
    const now = new Date().toISOString();
    const id = `story-${++counter}`;
    const record: EntityRecord = {
      id, entity, doc: withDefaults(reg.schema, doc), snapshot, version: 1,
      states: snapshot && reg.entity.lifecycle ? stateFields(reg.entity.lifecycle.regions, snapshot) : {},
      companyId: 'c-story', companyName: 'Storybook Co.', createdBy: 'u-story', createdByName: 'Storybook', createdAt: now, updatedAt: now,
    };
    audit(id, { kind: 'create', toStates: record.states });
    return save(record);
  };
  return {
    async list({ entity, ...params }) {
      const all = [...records.values()].filter((r) => r.entity === entity);
      const matching = all.filter((r) =>
        Object.entries(params.filters).every(([field, value]) => {
          const actual = field.startsWith('$') ? r.states[field] : valueAt(r.doc, field);
          return value.split(',').some((v) => String(actual ?? '').toLowerCase().includes(v.toLowerCase()));
        }),
      );
      const start = (params.page - 1) * params.pageSize;
      return { items: matching.slice(start, start + params.pageSize), total: matching.length, page: params.page, pageSize: params.pageSize };
    },
    get: async ({ id }) => structuredClone(find(id)),
    create: ({ entity, doc }) => create(entity, doc),
    async update({ id, doc, version }) {
      const r = find(id);
      if (r.version !== version) fail(409, 'Version conflict');
      audit(id, { kind: 'update', changedFields: changedFields(r.doc, doc) });
      return save({ ...r, doc, version: r.version + 1, updatedAt: new Date().toISOString() });
    },
    async remove({ id }) {
      records.delete(id);
    },
    async transition({ entity, id, event: type, version, payload }) {
      const reg = registry.get(entity);
      const r = find(id);
      if (r.version !== version) fail(409, 'Version conflict');
      const next = reg.machine && r.snapshot ? applyEvent(reg.machine, r.snapshot, { ...payload, type }) : undefined;
      if (!next) return fail(409, `${type} is not possible now`);
      const states = stateFields(reg.entity.lifecycle!.regions, next);
      audit(id, { kind: 'event', event: type, fromStates: r.states, toStates: states, payload });
      return save({ ...r, snapshot: next, states, version: r.version + 1, updatedAt: new Date().toISOString() });
    },
    history: async ({ id }) => history.get(id) ?? [],
    copy: async ({ entity, id }) => create(entity, { ...find(id).doc }),
    lookup: async ({ name, q, values }) => (lookups[name] ?? []).filter((o) => (values ? values.includes(o.value) : !q || o.label.toLowerCase().includes(q.toLowerCase()))),
    upload: async ({ file }) => ({ fileId: `file-${++counter}`, fileName: file.name, contentType: file.type, size: file.size }),
    fileUrl: ({ fileId }) => `#${fileId}`,
  };
}
