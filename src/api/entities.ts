import type { AuditEntry, CreateRequest, EntityRecord, ListRequest, ListResult, RecordRef, RemoveRequest, TransitionRequest, UpdateRequest } from '../../renderers/env/data-provider.ts';
import { FILTER_PREFIX } from '../../engine/query/list-query.ts';
import { request } from './client.ts';

/**
 * The renderers (through the data provider) show every failure of these calls themselves: the
 * list and detail in an alert, the form beside the fields or in the conflict dialog, the actions
 * in a message. So the client shows none of its own (quiet).
 */
const quiet = true;

const base = (entity: string) => `/api/entities/${encodeURIComponent(entity)}`;
const one = (entity: string, id: string) => `${base(entity)}/${encodeURIComponent(id)}`;

export function listRecords({ entity, page, pageSize, sort, filters, party, list }: ListRequest): Promise<ListResult> {
  const query: Record<string, string | number | undefined> = { page, pageSize, sort, party, list };
  for (const [field, value] of Object.entries(filters)) query[`${FILTER_PREFIX}${field}`] = value;
  return request<ListResult>(base(entity), { query, quiet });
}

export const getRecord = ({ entity, id }: RecordRef) => request<EntityRecord>(one(entity, id), { quiet });

export const createRecord = ({ entity, doc, extra }: CreateRequest) => request<EntityRecord>(base(entity), { method: 'POST', json: { ...extra, doc }, quiet });

export const updateRecord = ({ entity, id, doc, version, extra }: UpdateRequest) =>
  request<EntityRecord>(one(entity, id), { method: 'PUT', json: { ...extra, doc, version }, quiet });

export const deleteRecord = ({ entity, id, version }: RemoveRequest) =>
  request<unknown>(one(entity, id), { method: 'DELETE', query: { version }, quiet }).then(() => undefined);

/** The event body the API takes: `{ type, version, payload? }`. */
export const sendRecordEvent = ({ entity, id, event, version, payload }: TransitionRequest) =>
  request<EntityRecord>(`${one(entity, id)}/events`, { method: 'POST', json: { type: event, version, ...(payload ? { payload } : {}) }, quiet });

export const getRecordHistory = ({ entity, id }: RecordRef) => request<AuditEntry[]>(`${one(entity, id)}/history`, { quiet });

export const copyRecord = ({ entity, id }: RecordRef) => request<EntityRecord>(`${one(entity, id)}/copy`, { method: 'POST', quiet });
