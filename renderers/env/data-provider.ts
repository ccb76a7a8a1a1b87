/**
 * The data contract the renderers call (Refine-style: small typed functions taking one params
 * object). The portal (src/) implements it over HTTP; tests can implement it in memory. The
 * record, audit, lookup and file shapes are the API's own (engine/api-contract.ts).
 *
 * The renderers show every failure of list, get, create, update, remove, transition, history, copy
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

/** One record of an entity. */
export interface RecordRef {
  entity: string;
  id: string;
}

export interface ListRequest extends ListParams {
  entity: string;
  /** One side of the records: the list route's declared `party` (sent as `party`). */
  party?: 'owner' | 'shared';
  /** A declared list variant by name (routes.partyLists `name`, sent as `list`). */
  list?: string;
}

export interface CreateRequest {
  entity: string;
  doc: Record<string, unknown>;
  /** More of the request body beside `doc` (a TRF's DFF data, `dff`). */
  extra?: Record<string, unknown>;
}

export interface UpdateRequest extends RecordRef {
  doc: Record<string, unknown>;
  version: number;
  /** More of the request body beside `doc` (a TRF's DFF data, `dff`). */
  extra?: Record<string, unknown>;
}

export interface RemoveRequest extends RecordRef {
  version: number;
}

/** A lifecycle event sent to a record: the event's type, the version the user saw, its payload. */
export interface TransitionRequest extends RecordRef {
  event: string;
  version: number;
  payload?: Record<string, unknown>;
}

export interface LookupRequest {
  name: string;
  q?: string;
  /** What the source is told of the document the field is in (`x-lookupContext`), sent as `c.<name>`. */
  context?: Readonly<Record<string, string>>;
  /** Only the options of these values (a page's saved values to label), whatever their place among the source's answer; `q` is then not searched. */
  values?: readonly string[];
}

/**
 * A declared export of a list (docs/declarations.md §2, exports): `rows` (the list's rows as a file,
 * with its filters, sort and side) or `files` (the selected records' files as a zip). `ids`: only
 * these records (a selection).
 */
export interface ExportRequest {
  entity: string;
  kind: 'rows' | 'files';
  sort?: string;
  filters: Record<string, string>;
  party?: 'owner' | 'shared';
  ids?: readonly string[];
  /** Called as the file arrives: bytes received so far, and the rows (or files) the server announced. */
  onProgress?(progress: ExportProgress): void;
}

export interface ExportProgress {
  received: number;
  total: number;
}

/** The file an export produced, whole, with the name the server gave it. */
export interface ExportedFile {
  blob: Blob;
  fileName: string;
  total: number;
}

/** One bad cell of an import: its sheet row and column, the column's title and the message, in the user's language. */
export interface ImportCellError {
  row: number;
  column: string;
  field: string;
  title: string;
  message: string;
}

/** What an import did (docs/api.md, imports): rows imported, invalid rows skipped (only when asked), the bad cells and the message. */
export interface ImportOutcome {
  imported: number;
  skipped: number;
  errors: readonly ImportCellError[];
  message: string;
}

/** An upload to a declared import: `phase` is `upload` while the bytes go, then `check` while the server reads and checks them. */
export interface ImportRequest {
  entity: string;
  file: File;
  validOnly?: boolean;
  onProgress?(progress: { phase: 'upload' | 'check'; percent: number }): void;
}

/** Every call takes one params object (Refine's style), so callers name what they pass. */
export interface DataProvider {
  list(params: ListRequest): Promise<ListResult>;
  get(params: RecordRef): Promise<EntityRecord>;
  create(params: CreateRequest): Promise<EntityRecord>;
  update(params: UpdateRequest): Promise<EntityRecord>;
  remove(params: RemoveRequest): Promise<void>;
  transition(params: TransitionRequest): Promise<EntityRecord>;
  history(params: RecordRef): Promise<AuditEntry[]>;
  copy(params: RecordRef): Promise<EntityRecord>;
  lookup(params: LookupRequest): Promise<LookupOption[]>;
  upload(params: { file: File }): Promise<StoredFile>;
  /** Where the browser downloads a stored file. */
  fileUrl(params: { fileId: string }): string;
  /** Streams a declared export; absent where the app offers none (the list shows no Export button then). */
  exportList?(params: ExportRequest): Promise<ExportedFile>;
  /** A declared import's template file, and the upload (docs/declarations.md §2, imports); absent where the app offers none. */
  importTemplate?(params: { entity: string }): Promise<ExportedFile>;
  importRows?(params: ImportRequest): Promise<ImportOutcome>;
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
