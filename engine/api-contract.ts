import type { PersistedSnapshot } from './lifecycle/snapshot.ts';
import type { LocalizedText } from './declaration/types.ts';

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
  /** The company's English name, when it has one: `$companyName` shows it to English readers. */
  companyNameEn?: string;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  /** Records of templates: the template version the record was made with (shown and validated with it). */
  templateVersion?: number;
  /** On a write's answer: what the user is told about it in their language (a declared mail with no recipient). */
  notices?: string[];
  /** The reader sees the record's title only (`access.readGrants.titleOnly`): the document holds the title and the flag alone. */
  titleOnly?: boolean;
  /** The reader's company reads the record only through an authorization, not as one of its parties: it may not write it. */
  throughGrant?: boolean;
}

export interface ListResult {
  items: EntityRecord[];
  total: number;
  page: number;
  pageSize: number;
  /** A work list's (a variant with `todo`) records per action waiting on the user. */
  counts?: { action: string; count: number }[];
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
  /** More text the picker matches what the user types against, beside the label (a company's customer number). */
  keywords?: string;
}

/** What a document holds in a secret field (`x-secret`) once the secret is stored: never the secret itself. */
export const SECRET_MASK = '********';

/**
 * The most options a lookup source answers at once (server/lookups): a full answer may hold only
 * the first of them, so the form's lookup searches the server with what the user types.
 */
export const LOOKUP_CAP = 200;

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

/** A role or post role as declared in schemas/_access/, for pages that name them. */
export interface DeclaredAccessEntry {
  name: string;
  label: LocalizedText;
  description?: LocalizedText;
}

/** An account with its roles, its post roles and the last change of them (GET /api/account-posts). */
export interface AccountPosts {
  id: string;
  account: string;
  userName: string;
  email: string | null;
  mobile: string | null;
  companyId: string;
  companyName: string;
  status: string;
  /** account-status.machine.ts: enabled, disabled or reclaimed. */
  accountState: string;
  /** user, supplier or buyer (the UserRole dimension); null for other accounts (agents, staff). */
  accountType: string | null;
  department: string | null;
  isAdmin: boolean;
  /** The roles the account's dimensions and flag mark. */
  roles: string[];
  posts: string[];
  /** The last change of the account's posts: when and by whom (null when never changed). */
  postsChangedAt: string | null;
  postsChangedBy: string | null;
}

/** A change of an account's posts, from the audit trail. */
export interface PostChange {
  at: string;
  actorName: string | null;
  from: string[];
  to: string[];
  /** A change of the account's state instead of its posts (disabled, enabled again…): the states before and after. */
  state?: { from: string; to: string };
}

/** The post assignment page's data. */
export interface AccountPostsPage {
  roles: DeclaredAccessEntry[];
  posts: DeclaredAccessEntry[];
  companies: { id: string; name: string }[];
  /** One page of the accounts (20 by default), by company then account; `total` counts them all. */
  accounts: AccountPosts[];
  total: number;
  /** The caller manages every company's accounts (internal staff). */
  allCompanies: boolean;
}

/** A chat message as stored (migration 025, server/chat/) and sent to clients. */
export interface ChatMessage {
  id: number;
  recordId: string;
  senderId: string;
  senderName: string;
  /** Who wrote it: a company that sees the record, or staff (who see every company's). */
  side: 'customer' | 'staff';
  /** The sender's own id of the message: sending it again stores it once. */
  clientId: string;
  /** The text; empty when the message only carries files. */
  body: string;
  /** Files sent with it (uploaded through /api/files; readable by whoever sees the record). */
  files: ChatFile[];
  createdAt: string;
}

/** A file of a chat message. */
export interface ChatFile {
  fileId: string;
  fileName: string;
}

/** One row of the training performance (/training/performance, server/training/): a trainee or a company. */
export interface PerformanceRow {
  key: string;
  label: string;
  /** Classes enrolled in. */
  classes: number;
  /** Enrolments with a score, and their average (two decimals; null without any). */
  scored: number;
  averageScore: number | null;
  /** Enrolments with a result, and those passed. */
  graded: number;
  passed: number;
}

/** One line of the power BI log (migration 030, server/powerbi/). */
export interface PowerbiView {
  reportId: string;
  reportName: string;
  userName: string;
  account: string;
  companyName: string;
  viewedAt: string;
}

/** How the browser continues after a payment order is submitted to the provider (server/payments/). */
export type PayStart =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string> }
  | { kind: 'qr'; codeUrl: string };

/** One exchange with a payment provider, as the order's panel lists it (server/payments/payments-repo.ts). */
export interface PaymentExchange {
  id: number;
  tradeNo: string;
  provider: string;
  direction: 'out' | 'in';
  kind: string;
  body: string;
  ok: boolean;
  note: string | null;
  at: string;
}

/** An in-app notification as its user reads it (GET /api/notifications; pushed over /ws as `{ type: 'notification' }`). */
export interface UserNotification {
  id: number;
  event: string;
  entity: string;
  recordId: string;
  title: string;
  body: string;
  createdAt: string;
  read: boolean;
}
