import type { PersistedSnapshot } from './lifecycle/snapshot.ts';

/** The shapes the API exchanges (docs/api.md), shared by the server and the browser. */

/** A stored record of a declared entity. */
export interface EntityRecord {
  id: string;
  entity: string;
  doc: Record<string, unknown>;
  /** System state fields: `{ $status: 'draft', … }`. */
  states: Record<string, string>;
  /** The persisted machine snapshot; null for entities without a lifecycle. */
  snapshot: PersistedSnapshot | null;
  version: number;
  companyId: string;
  companyName: string;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  /** Records of templates: the template version the record was made with (shown and validated with it). */
  templateVersion?: number;
}

export interface ListResult {
  items: EntityRecord[];
  total: number;
  page: number;
  pageSize: number;
}

/** One row of a record's history (the audit trail). */
export interface AuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  kind: 'create' | 'update' | 'event' | 'delete' | 'copy';
  event?: string;
  fromStates?: Record<string, string>;
  toStates?: Record<string, string>;
  payload?: Record<string, unknown>;
  changedFields?: string[];
  version?: number;
}

export interface LookupOption {
  value: string;
  label: string;
  /** What a pick fills into sibling fields (`x-lookupFill` names the keys it reads). */
  data?: Record<string, string>;
}

/** A file stored by the server, as kept in a document. */
export interface StoredFile {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A template setting (SPEC /template/template-setting): a DFF template bound to a scope (an empty criterion matches all). */
export interface TemplateSetting {
  id: string;
  templateCode: string;
  trfTemplateId: string | null;
  productLine: string | null;
  customerGroup: string | null;
  customerId: string | null;
  productCategory: string | null;
  testPackage: string | null;
  isDefault: boolean;
  updatedAt: string;
}
export type TemplateSettingInput = Omit<TemplateSetting, 'id' | 'updatedAt'>;

/** A customer group as stored; the API adds `label` in the reader's language. */
export interface CustomerGroup {
  code: string;
  nameZh: string;
  nameEn: string;
  sort: number;
}
