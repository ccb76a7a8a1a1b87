/**
 * The data contract the renderers call (Refine-style: small typed functions taking one params
 * object). The portal (src/) implements it over HTTP; tests can implement it in memory. The
 * record, audit, lookup and file shapes are the API's own (engine/api-contract.ts).
 *
 * The renderers show every failure of list, get, create, update, remove, sendEvent, history, copy
 * and upload themselves (inline alert, field errors, conflict dialog, action message), so a
 * provider must reject without showing anything (the portal's calls it makes quietly). Lookup
 * failures are not shown by the renderers: a provider may show them.
 */

import type { AuditEntry, EntityRecord, ListResult, LookupOption, StoredFile } from '../../engine/api-contract.ts';

export type { AuditEntry, EntityRecord, ListResult, LookupOption, StoredFile };

export interface ListParams {
  page: number;
  pageSize: number;
  /** `field:asc` or `field:desc`. */
  sort?: string;
  /** Filter values keyed by field (sent as `f.<field>`). */
  filters: Record<string, string>;
}

export interface LifecycleEventRequest {
  type: string;
  version: number;
  payload?: Record<string, unknown>;
}

export interface DataProvider {
  list(entity: string, params: ListParams): Promise<ListResult>;
  get(entity: string, id: string): Promise<EntityRecord>;
  /** `extra`: more of the request body beside `doc` (a TRF's DFF data, `dff`). */
  create(entity: string, doc: Record<string, unknown>, extra?: Record<string, unknown>): Promise<EntityRecord>;
  update(entity: string, id: string, doc: Record<string, unknown>, version: number, extra?: Record<string, unknown>): Promise<EntityRecord>;
  remove(entity: string, id: string, version: number): Promise<void>;
  sendEvent(entity: string, id: string, event: LifecycleEventRequest): Promise<EntityRecord>;
  history(entity: string, id: string): Promise<AuditEntry[]>;
  copy(entity: string, id: string): Promise<EntityRecord>;
  lookup(name: string, q?: string): Promise<LookupOption[]>;
  upload(file: File): Promise<StoredFile>;
  /** Where the browser downloads a stored file. */
  fileUrl(fileId: string): string;
}

/** A failed call, as the data provider rejects: HTTP status, error code, message, per-field errors. */
export interface DataError {
  code: number;
  errorCode?: string;
  message: string;
  errors?: readonly { field: string; keyword?: string; message: string }[];
  data?: unknown;
}

export function isDataError(error: unknown): error is DataError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as DataError).code === 'number' &&
    typeof (error as DataError).message === 'string'
  );
}
