/**
 * The declaration format. Everything here is plain JSON-serialisable data so that a
 * program (the form designer) can write it and a reader can diff it. See docs/declarations.md.
 */

import type { DeclarationFiles } from './errors.ts';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** A text in every interface language. */
export type LocalizedText = Record<Language, string>;

/**
 * A JSON Schema node as the declarations write it: standard JSON Schema (draft-07) plus
 * `x-` annotations the engine reads. Validators ignore the annotations.
 */
export interface FieldSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
  title?: string;
  description?: string;
  format?: string;
  enum?: readonly (string | number | boolean)[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: FieldSchema;
  properties?: Record<string, FieldSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | FieldSchema;
  readOnly?: boolean;
  $ref?: string;
  $id?: string;
  $schema?: string;
  definitions?: Record<string, FieldSchema>;
  if?: FieldSchema;
  then?: FieldSchema;
  else?: FieldSchema;
  allOf?: readonly FieldSchema[];
  anyOf?: readonly FieldSchema[];
  oneOf?: readonly FieldSchema[];
  dependencies?: Record<string, FieldSchema | readonly string[]>;
  formatMinimum?: unknown;
  formatMaximum?: unknown;
  /** Field label in every language (the plain `title` stays the en-US fallback). */
  'x-label'?: LocalizedText;
  /** Help text in every language. */
  'x-description'?: LocalizedText;
  /** Labels of enum values, keyed by the value as a string. */
  'x-enumLabels'?: Record<string, LocalizedText>;
  /** Messages for a failed keyword (e.g. formatMinimum), replacing the generic ones. */
  'x-messages'?: Record<string, LocalizedText>;
  /**
   * Where the record is read as a whole (titles, lists, exports), the field shows in a language
   * the value of the named sibling field when the record has one: a company's `name` (local)
   * shows `nameEn` to en-US users.
   */
  'x-inLanguage'?: Partial<Record<Language, string>>;
  /** Options come from a server lookup source instead of `enum`. */
  'x-lookup'?: string;
  /**
   * Picking a lookup option fills sibling fields from the option's data: sibling field → the
   * option's `data` key (a company's name, customer number and default contact).
   */
  'x-lookupFill'?: Record<string, string>;
  /**
   * Siblings of `x-lookupFill` the server derives: on every create and update it fills them from
   * the source's option of the saved value, overwriting what the client sent (docs/declarations.md §1).
   */
  'x-lookupDerived'?: readonly string[];
  /**
   * What the lookup source is told of the document the field is in: parameter → dotted path from
   * the document's root (a TRF sample's material: the TRF's buyer and product category). The form
   * asks the source again when one changes; the server checks a write's picks with the same values.
   */
  'x-lookupContext'?: Record<string, string>;
  /**
   * Fixed parameters the lookup source is told, parameter → value (a TRF's buyer: the companies
   * source's `role: buyer`), sent with the context values; a source ignores those it does not read.
   */
  'x-lookupFilter'?: Record<string, string>;
  /**
   * On a lookup field holding a record's id: a record picked here cannot be deleted while any
   * record holds it (409 `RECORD_BOUND` with this message; docs/declarations.md §1).
   */
  'x-refuseDelete'?: LocalizedText;
  /**
   * On a lookup field holding a record's id: a record picked here cannot be changed while a record
   * out of its draft states holds it (409 `RECORD_BOUND` with this message; docs/declarations.md §1).
   */
  'x-refuseChange'?: LocalizedText;
  /**
   * On an `entity:<name>` lookup: the sibling field holding the picked record's version (filled
   * from the option's `$version`). A write whose snapshot is older than the record is refused
   * (409 `LOOKUP_STALE`, the field's `x-messages.lookupStale` text) with the fresh values.
   */
  'x-lookupVersion'?: string;
  /** A UI widget hint for the form renderer (textarea, upload, …). */
  'x-widget'?: string;
  /** Upload constraints for `x-widget: upload`. */
  'x-upload'?: { accept: readonly string[]; maxBytes: number; maxFiles: number };
  /** States (region leaf names) in which this field is editable; overrides the state's own rule. */
  'x-editableIn'?: readonly string[];
  /** Filled by the server (e.g. numbering); never editable in forms. */
  'x-system'?: boolean;
  /** A CAS Registry Number, checked by its check digit (engine/validate/keywords.ts). */
  'x-cas'?: boolean;
  /**
   * On an object field: the record's first account (a company registered by staff), made with the
   * record and not stored in its document; shown in the form of a new record only.
   */
  'x-firstAccount'?: boolean;
  /** A unified social credit code (统一社会信用代码), checked by its GB 32100-2015 check character. */
  'x-uscc'?: boolean;
  /** A GS1 Global Location Number: 13 digits with the GS1 mod-10 check digit (engine/validate/gln.ts). */
  'x-gln'?: boolean;
  /**
   * A secret (a regulator's key): stored encrypted at rest apart from the document, whose field
   * holds only `SECRET_MASK` once set; never returned, shown masked (server/entities/secrets.ts).
   */
  'x-secret'?: boolean;
  /**
   * Money, exact: an integer of minor units (2 decimals) or a decimal string. `true` shows it with
   * 2 decimals and grouped digits (engine/derive/value-text.ts); `{ currency }` makes it integer minor
   * units shown by `Intl.NumberFormat` in the user's language in the currency the document path
   * `currency` holds (engine/format/money.ts).
   */
  'x-money'?: boolean | { currency: string } | { code: string };
  /** On an array of objects: the items' `x-sumField` (default `percentage`) add up to this total. */
  'x-sumTo'?: number;
  'x-sumField'?: string;
  /** On `[start, end]` dates: start not after end, and at most `maxDays` apart. */
  'x-dateRange'?: boolean | { maxDays?: number };
  /**
   * The reference to a record's DFF data (docs/templates.md, "The TRF's DFF section"): the
   * template is the one resolved for the company at `buyer` (a path in the document).
   */
  'x-dff'?: { buyer: string };
  /**
   * A read-only value of a related record, filled when the record is read and never stored
   * (docs/declarations.md §1, linked values): `field` of the latest record of `entity` whose
   * parent is this record (by `latest`, then creation), out of `excludeStates`.
   */
  'x-linked'?: LinkedValue;
}

/** `x-linked`: where a record's read-only linked value comes from. */
export interface LinkedValue {
  entity: string;
  /** A document path of the related record, or `$status` (its primary state). */
  field: string;
  /** A number field ordering the related records (the latest is the highest). */
  latest?: string;
  excludeStates?: readonly string[];
}

export interface EntitySchema extends FieldSchema {
  $id: string;
  type: 'object';
  properties: Record<string, FieldSchema>;
}

/** A reference to a value shown in views: a dotted doc path, or a `$` system field. */
export type FieldPath = string;

export const SYSTEM_FIELDS = ['$id', '$createdAt', '$updatedAt', '$version', '$companyName'] as const;

export type FilterOperator = 'eq' | 'contains' | 'in' | 'range';

export interface ListColumn {
  field: FieldPath;
  sortable?: boolean;
  /** Open the detail page when clicked. */
  link?: boolean;
  width?: number;
  /** The heading, where it differs from the field's label (a value shown in the reader's language through `x-inLanguage`). */
  label?: LocalizedText;
}

export interface ListFilter {
  field: FieldPath;
  op: FilterOperator;
}

/**
 * A rule of a list's search (SPEC §5 dates): `dateRange` — when the `range` filter on `field` is
 * given, both ends are required, the start not after the end, neither before `earliest`, and the
 * span at most `maxMonths` months; `requiredAlone` — when a search gives filters but none beside
 * the date ranges, `field` (a filter) is required.
 */
export type SearchRule =
  | { rule: 'dateRange'; field: FieldPath; earliest?: string; maxMonths?: number }
  | { rule: 'requiredAlone'; field: FieldPath };

export interface SortSpec {
  field: FieldPath;
  order: 'asc' | 'desc';
}

export interface ViewSection {
  id: string;
  label: LocalizedText;
  fields: readonly FieldPath[];
  /** Form layout: columns per row on wide screens (1, 2 or 3). */
  columns?: 1 | 2 | 3;
}

/**
 * A declared export of the list (docs/declarations.md §2, exports): the list's rows with its
 * filters, sort and visibility, as a file of `format`, at most `maxRows` (refused over it, SPEC §9).
 * `columns` default to the list's columns; each may be any field path, titled by its own `label`.
 */
export interface ListExport {
  format: 'xlsx';
  maxRows: number;
  columns?: readonly { field: FieldPath; label?: LocalizedText }[];
  /** The file's name without extension (the entity's label otherwise). */
  fileName?: LocalizedText;
}

/**
 * A declared spreadsheet import of the list (docs/declarations.md §2, imports): the generic list
 * offers the import template (one column per importable field) and an upload of at most `maxRows`
 * rows, each checked with the entity's own schema. `key` names top-level fields whose values
 * identify a row: a second row with the same values in the file, or a stored record of the
 * company with them, is a duplicate. The list's export then writes the same layout, so it re-imports.
 */
export interface ListImport {
  format: 'xlsx';
  maxRows: number;
  key?: readonly string[];
}

/** A declared export of the selected records' files (an upload field) as one zip, at most `maxFiles`. */
export interface ListFilesExport {
  field: FieldPath;
  maxFiles: number;
  label?: LocalizedText;
}

/**
 * A variant of an entity (docs/declarations.md §2, variants): the same records and machine under
 * its own routes, with its own template binding, preset values, form and detail sections and list
 * columns. A record made through a variant carries its name in the entity's `variantField`.
 */
export interface ViewVariant {
  label: LocalizedText;
  routes: {
    /** A new record of the variant. */
    new: string;
    detail: string;
    /** Editing a record of the variant (`?id=`); the new page when absent. */
    form?: string;
    /** The variant's records in its own columns. */
    list?: string;
    /** The variant's generated table and form components, on their own pages. */
    tableComponent?: string;
    formComponent?: string;
  };
  /** Values a new record starts from (a bound template: `{ "template": "ccl-apparel" }`). */
  preset?: Record<string, unknown>;
  /** Fields the variant's form does not let the user change (its bound template). */
  locked?: readonly FieldPath[];
  form: { sections: readonly ViewSection[] };
  detail: { sections: readonly ViewSection[] };
  list?: { columns: readonly ListColumn[] };
}

/** A list of related records on a detail page: the records of `entity` whose `field` holds the record's id. */
export interface DetailChildList {
  entity: string;
  field: FieldPath;
  label: LocalizedText;
  /** Shown only while this record's `field` holds `equals` (a TRF's e-filing certificates while it needs e-filing). */
  when?: { field: FieldPath; equals: string | number | boolean };
  /** Shown as a tab of the detail's related-records tabs instead of a list of its own below the sections. */
  tab?: boolean;
  /**
   * The records whose `field` holds this record's value at `from` instead of its id: records related
   * through a value they share (a report's versions, which name the same TRF). The child entity
   * then need not name this one as its `access.parent`.
   */
  from?: FieldPath;
  /**
   * The list offers a New button to users holding the child's create permission while this record
   * rests in one of `states` (per lifecycle field): the child's form, its `field` set to this record
   * and not changeable (a TRF's report, made once testing is completed).
   */
  create?: { states: Readonly<Record<string, readonly string[]>>; label?: LocalizedText };
}

export interface EntityViews {
  list: {
    columns: readonly ListColumn[];
    filters: readonly ListFilter[];
    defaultSort: SortSpec;
    pageSize?: number;
    export?: ListExport;
    exportFiles?: ListFilesExport;
    import?: ListImport;
    /** Rules a search must keep (docs/declarations.md §2, search rules): checked by the server and by the filter bar before sending. */
    search?: { rules: readonly SearchRule[] };
    /** Page extensions (by registered name) acting on the records selected in the entity's lists: paying invoices together. */
    selectionExtensions?: readonly string[];
  };
  /** `extensions`: page extensions (by registered name) shown on the detail page below its sections: an invoice's "Pay". */
  detail: { sections: readonly ViewSection[]; children?: readonly DetailChildList[]; extensions?: readonly string[] };
  form: { sections: readonly ViewSection[] };
  /** The top-level field holding a record's variant name (an enum of the variants' names). */
  variantField?: FieldPath;
  variants?: Record<string, ViewVariant>;
}

/** How a lifecycle event appears as an action, and who may send it. */
export interface ActionDeclaration {
  label: LocalizedText;
  permission: string;
  /** Ask for confirmation before sending (text shown in the dialog). */
  confirm?: LocalizedText;
  /** The event's payload, as a JSON Schema; the renderer asks for it in a dialog. */
  payloadSchema?: FieldSchema;
  /** Payload fields copied into the document when the event is accepted. */
  setsFields?: readonly string[];
  /**
   * What the server writes into the document when a user's event is accepted: `by` the user's
   * name, `at` the time (ISO), `payload` document field → payload field (a quotation's comment
   * by, comment time and reject reason).
   */
  stamps?: { by?: string; at?: string; payload?: Record<string, string> };
  /** The payload field naming a login account of the record's own company that becomes the record's owner (its author: a TRF handed to another applicant). */
  setsOwner?: string;
  /** The document must pass full validation (required fields included) before the event. */
  requiresValidDocument?: boolean;
  /** Visual weight of the button. */
  variant?: 'primary' | 'default' | 'danger';
  /** Accepting the event removes the record (kept in the audit trail). */
  removesRecord?: boolean;
  /**
   * Which side of the record may send it, beside the permission: `owner` (the record's company)
   * or `shared` (a company its `access.shareWith` names: the invitee accepts, the grantee approves);
   * `server`: no user sends it, only server code through `EntityService.sendInside` (a payment
   * received, reported by the payment service) — the API answers 403 `SERVER_ONLY`.
   */
  by?: 'owner' | 'shared' | 'server';
  /** The event needs a non-draft record of `entity` belonging to this one whose `field` is filled; else 400 with `message`. */
  requiresChild?: { entity: string; field: FieldPath; message: LocalizedText };
  /**
   * The event needs the record an `entity:<name>` lookup field names to have `filled` fields
   * filled (else 400 `LINKED_RECORD_INCOMPLETE` with `message`) and, with `notPast`, its date
   * field not before today (else 400 `LINKED_RECORD_EXPIRED` with that `message`): an importer's
   * regulator credentials before a filing is sent.
   */
  requiresLinked?: { field: FieldPath; filled: readonly string[]; message: LocalizedText; notPast?: { field: string; message: LocalizedText } };
}

/** How far an entity's records are seen: by their parties, or by their parties and the companies they authorized. */
/** `everyone`: every signed-in user holding the read permission reads every record (master data); writes stay with the owner company and staff. */
export type EntityVisibility = 'parties' | 'authorized' | 'everyone';

/** One company a record is shared with (`access.shareWith`). */
export interface ShareRule {
  field: FieldPath;
  unlessTrue?: FieldPath;
  changedBy?: 'owner' | 'anyParty';
  account?: FieldPath;
  requiresApprovedOwner?: boolean;
}

/**
 * `access.grantsVisibility`: a record of this entity in one of `states` (primary region), today
 * within [`from`, `to`] (date fields, either open when absent), lets the company `grantee` names
 * read the records the owner company sees, of every entity whose visibility is `authorized`.
 */
export interface VisibilityGrant {
  grantee: FieldPath;
  states: readonly string[];
  from?: FieldPath;
  to?: FieldPath;
}

/**
 * One source of `access.readGrants`: records of `entity` whose `target` field holds a record's id
 * name who may read that record in full — companies, customer groups (of the reader's company) and
 * login accounts (top-level arrays of text), within [`from`, `to`] (date fields, open when absent).
 * With `restricts`, such records restrict the record: while none names it, it is open to every
 * reader, and one naming nobody opens it to every reader within its dates.
 */
export interface ReadGrantSource {
  entity: string;
  target: FieldPath;
  companies?: FieldPath;
  customerGroups?: FieldPath;
  accounts?: FieldPath;
  from?: FieldPath;
  to?: FieldPath;
  restricts?: boolean;
}

/** `access.readGrants` (docs/declarations.md §3): who reads a record in full beside its parties and staff, and the boolean field letting others see its title only. */
export interface ReadGrants {
  sources: readonly ReadGrantSource[];
  titleOnly?: FieldPath;
}

/** Which records a list shows beside the user's scope: those the user's company owns, or those naming it (`access.shareWith`). */
export type ListParty = 'owner' | 'shared';

/** A fixed condition of a list variant: a declared list filter's field equal to, or one of, values. */
export interface ListCondition {
  field: FieldPath;
  /** `filled`: the field holds a value (any item of a list holds one), with `value: true`. */
  op: 'eq' | 'in' | 'filled';
  value: string | number | boolean | readonly string[];
}

/**
 * A further list page of the entity (docs/declarations.md §3, routes.partyLists): a variant of the
 * main list with its own path, title, menu place, columns and filters, restricted to one side of
 * the records (`party`), to states (`states`), to fixed conditions (`where`), or to the records
 * waiting on the user (`todo`: the states where the user may send one of the named actions, read
 * from the machine). A variant with a `name` is asked for by it (`?list=<name>`), so the server
 * applies its restrictions, whoever asks.
 */
export interface PartyList {
  path: string;
  /** The variant's name in the list endpoint (`?list=todo`); required with todo, states, where or filters. */
  name?: string;
  party?: ListParty;
  label: LocalizedText;
  /** The columns this list shows (each one of the views' list columns), titled by `label` where given: the other side reads the record differently. */
  columns?: readonly (ListColumn & { label?: LocalizedText })[];
  /** The filter fields this list offers, each one of the views' list filters (all of them when left out). */
  filters?: readonly FieldPath[];
  /** Only records in these states, per lifecycle field (`{"$status": ["draft"]}`). */
  states?: Readonly<Record<string, readonly string[]>>;
  /** Fixed conditions on declared list filters (`{"field": "buyer.name", "op": "eq", "value": "Lululemon"}`). */
  where?: readonly ListCondition[];
  /** The records waiting on the user: those in a state where the user may send one of these actions; the answer counts them per action. */
  todo?: { actions: readonly string[] };
  /** Whether the list has a New button (default: yes, unless the list is of the shared side). */
  create?: boolean;
  menu?: { group?: string; order?: number };
  /**
   * A tab of the page at `path`, shared by the lists of several entities that declare `tab` at the
   * same path (the quotations, statements and invoices to act on), in `order`; `page` titles the
   * page and its menu entry (declared by the one of them that declares `menu`).
   */
  tab?: { order: number; page?: LocalizedText };
  /** Declared actions offered on each row the user may take them on (confirmation and payload dialogs as on the detail). */
  rowActions?: readonly string[];
  /** Declared documents (entity `documents`) downloadable from each row. */
  rowDocuments?: readonly string[];
}

export interface EntityRoutes {
  list: string;
  detail: string;
  form: string;
  /** The main list shows only this side's records (staff who see all companies see all). */
  listParty?: ListParty;
  /** More list pages, each restricted to one side. */
  partyLists?: readonly PartyList[];
  /** A printable page of a record (`?id=`): its detail sections laid out for paper, printed to PDF from the browser. */
  print?: string;
  /**
   * Pages that open a record's detail (`?id=`) with one of its actions already asked for (the TRF's
   * /trf/trfDetailTransfer: its detail with the Transfer dialog open). When the action is not
   * available to the user now, the detail says so.
   */
  actionPages?: readonly { path: string; action: string }[];
  /** Pages showing the detail of the user's own company's record (`projection.self`). */
  own?: readonly string[];
  /** More pages creating a record, each from its preset values. */
  forms?: readonly { path: string; label?: LocalizedText; preset: Record<string, unknown> }[];
}

/**
 * Who an entity's mail goes to, read from the record's document when the effect runs: the
 * address a field holds, the approved admins of the company a field names, or the people a
 * company's notification setting for an event names.
 */
export type MailRecipientDeclaration = { field: FieldPath } | { companyAdmins: FieldPath } | { notificationSetting: string; company: FieldPath };

/** A mail an entity's machine may send (`sendEmail` with `template`): recipient and texts with `{path}` placeholders. */
export interface MailDeclaration {
  /** One recipient, or several whose addresses are all mailed (each once). */
  to: MailRecipientDeclaration | readonly MailRecipientDeclaration[];
  /** Sent only when the document's field holds one of these values (a supplier's invitation, not a buyer's), or, with `filled`, any value (a comment's recipients). */
  when?: { field: FieldPath; in: readonly (string | number | boolean)[] } | { field: FieldPath; filled: true };
  subject: LocalizedText;
  body: LocalizedText;
  /** Told to the user whose write caused the mail when it has no recipient with an address (the write is kept). */
  noRecipient?: LocalizedText;
}

/** A field the server computes (an entity's `computed`): the sum of its terms, each `field × times × timesField ÷ per` rounded half away from zero. */
export interface ComputedField {
  /** `each`: the term is summed over the objects of this list, `field` and `timesField` read in each item. */
  sum: readonly { field: string; times?: number; timesField?: string; per?: number; each?: string }[];
}

/**
 * Events relayed to another record (an entity's `relays`): when this record is created (`$create`)
 * or takes one of the named events, the server sends the mapped event, with the same payload, to
 * the record of `entity` whose id `field` holds — in the same transaction, through that record's
 * own transition path (a quotation moves its TRF's quotation region). A target state that does not
 * take the event is left as it is; `requires` names a value the target must hold for a record to be
 * made for it (400 `RELAY_REFUSED` with `message` otherwise), and the target must be visible to the user.
 */
export interface RelayDeclaration {
  entity: string;
  /** The field of this record holding the target's id (or an array of ids); required unless `forward`. */
  field?: string;
  /**
   * Instead of `field`: the field of the target naming this record. A user's event the relay maps is
   * then not taken by this record: it is forwarded, as the same user's event, to the newest record of
   * `entity` naming this one whose state takes the mapped event (its own permission, party and payload
   * checks), and this record moves by what that record relays back (its own `relays`, checked at
   * registration). No such record: 409 `EVENT_NOT_ALLOWED` (a TRF's Confirm quotation confirms its quotation).
   */
  forward?: string;
  events: Record<string, string>;
  requires?: { field: string; equals: string | number | boolean; message: LocalizedText };
  /**
   * Sent only when every record of this entity whose `field` names the same target — this one
   * included, as the event left it — rests in one of these states (per lifecycle field): a
   * statement is paid once its last invoice is.
   */
  whenAll?: Record<string, readonly string[]>;
}

/**
 * A record of another entity made from this one (an entity's `spawns`, docs/declarations.md §3):
 * when a user's write of this record (`$create`, `$update` or one of its events, as `on` names)
 * leaves `when.field` holding `when.equals` (or above `when.above`; no `when`: always) and no
 * record of `entity` names this one in `link` (the target's optional `access.parent` field), the
 * server makes one in the same transaction, as that user, with `link` set and each `fill` field
 * (target field ← this document's path, or the first of a list of paths holding a value), `payload` field (target field ← the event's payload
 * path), `set` field (a constant) and `today` field (the day, UTC) written (a TRF needing
 * e-filing gets its e-filing certificate). `every`: one is made on each such write, whatever
 * already names this one, and `link` is any field of the target (a TRF's quotation, made each time
 * staff send one). `refreshOn`: events of this record after
 * which a record it spawned is written again through its own linked data, filling what it still
 * leaves empty (the TRF's report, once issued, reaches its certificate).
 */
export interface SpawnDeclaration {
  entity: string;
  link: string;
  on: readonly string[];
  refreshOn?: readonly string[];
  when?: { field: FieldPath; equals?: string | number | boolean; above?: number };
  /** Target field ← this document's path, or the first of several paths holding a value (a payer, else the applicant). */
  fill?: Readonly<Record<string, FieldPath | readonly FieldPath[]>>;
  payload?: Readonly<Record<string, string>>;
  set?: Readonly<Record<string, string | number | boolean>>;
  today?: readonly string[];
  every?: boolean;
}

/**
 * Records of another entity this record gathers (an entity's `gathers`, docs/declarations.md §3): on
 * create and on every update the server lists the records of `entity` matching the conditions — each
 * `where` entry compares a field of theirs with a field of this document (`equals`: the same value;
 * `from`/`to`: within the range this document's two fields give), `states` fixes their lifecycle
 * states — and writes their ids into `field` (in `order`), their titles into `titles`, and each
 * `totals` field as the exact sum of their `sum` field over those whose `when` field holds `equals`.
 * With `exclusive`, a record another record of this entity already gathers (unless that one rests
 * in one of `exclusive.releasedIn`) is left out. None found: 400 `NOTHING_GATHERED` with `empty`;
 * more than `max`: 400 `GATHER_LIMIT`.
 */
export interface GatherDeclaration {
  entity: string;
  field: string;
  titles?: string;
  where: readonly ({ field: string; equals: string } | { field: string; from: string; to: string })[];
  states?: Readonly<Record<string, readonly string[]>>;
  order?: { field: string; order: 'asc' | 'desc' };
  totals?: Readonly<Record<string, { sum: string; when?: { field: string; equals: string | number | boolean } }>>;
  exclusive?: { releasedIn: readonly string[] };
  max: number;
  empty: LocalizedText;
}

/** A copy that is the next version of the same document (a revised report). */
export interface CopyRevision {
  versionField: string;
  originalField: string;
  numberField: string;
}

/** Records belonging to the copied one (their `access.parent`) copied with it, to belong to the copy (a revised report's test lines). */
export interface CopyChildren {
  entity: string;
  /** The child's fields left out of its copy (a line's result review, which was of the old version). */
  omit?: readonly string[];
}

export interface EntityDeclaration {
  name: string;
  label: LocalizedText;
  /** Field whose value titles a record (detail header, breadcrumbs). */
  titleField: FieldPath;
  permissions: { list: string; read: string; create: string; update: string; delete?: string };
  /** Fields the server computes on every write (amounts: a total, a fee, a balance). */
  computed?: Record<string, ComputedField>;
  /**
   * Documents the server renders from a record (GET /api/entities/{e}/{id}/documents/{key}: a PDF
   * of the record's detail sections, or the `sections` named, in the request language, amounts
   * by `x-money`; Chinese text in an embedded, subset CJK font). The detail page links each.
   */
  documents?: Record<string, { label: LocalizedText; title: LocalizedText; sections?: readonly string[] }>;
  /** Events this record's lifecycle relays to another record. */
  relays?: readonly RelayDeclaration[];
  /** Records of other entities made from this one when a condition holds (a TRF's e-filing certificate). */
  spawns?: readonly SpawnDeclaration[];
  /** Records of another entity this record gathers by declared conditions (a statement's quotations). */
  gathers?: GatherDeclaration;
  lifecycle?: {
    machine: string;
    /** System field name → top-level region of the machine (`.` for a non-parallel machine). */
    regions: Record<string, string>;
    /** The state a record created through the API starts in, instead of the machine's initial one. */
    createdIn?: string;
    /** Events the server sends when a date of the document arrives (engine/lifecycle/date-events.ts). */
    dateEvents?: readonly { event: string; field: FieldPath; endOfDay?: boolean }[];
  };
  /**
   * A table kept as a projection of the records (docs/declarations.md §3): written in the
   * transaction of every write and transition, `id` = the record's id. With `self`, each record is
   * a company of its own: its id is a new company id and the record belongs to it.
   */
  projection?: { table: string; self?: boolean; idPrefix?: string; columns: Record<string, FieldPath> };
  /**
   * The records form a tree (docs/declarations.md §3, tree): `parent` (a top-level `entity:<self>`
   * lookup field) names the parent record; the server refuses a missing parent and one that is the
   * record or its descendant, refuses deleting a record with children, and keeps `path` (a
   * top-level `x-system` field) as the titles from the root down to the record's parent.
   */
  tree?: { parent: string; path?: string };
  /**
   * Each record belongs to a record of another entity, named by `field` (a TRF's comment): it is
   * made only by a user who may write that record, is seen by exactly the companies that see it
   * (`visible_to` follows it), and, while that record rests in one of `closed.states` (its primary
   * region), only users holding one of `closed.exceptRoles` may add one (403 with `closed.message`).
   */
  belongsTo?: {
    entity: string;
    field: FieldPath;
    /** The field naming the record of this entity it answers (a reply): the parent's page shows them as a thread. */
    replyTo?: string;
    /** Fields copied from the parent record when one is made (`{"trfNo": "trfNo"}`: this field ← the parent's). */
    fill?: Readonly<Record<string, FieldPath>>;
    closed?: { states: readonly string[]; exceptRoles?: readonly string[]; message: LocalizedText };
  };
  /**
   * Each record has a live chat between the companies that see it and staff (docs/declarations.md §3,
   * chat): joined over the socket at /ws by the record's title (a TRF's number), by users who read
   * the record (the visibility of every reader) and hold `permission` (the entity's `read` unless given).
   */
  chat?: { permission?: string };
  /**
   * The internal staff who handle a record (docs/declarations.md §3, handled by): the approved staff
   * accounts whose email a record of `entity` holds in `email`, where its `match` equals the
   * record's `field` (a TRF's lab → that lab's contacts). The staff's unread chat counts hold only
   * the records they handle, and the notifications marked `staff` reach them; a record that no staff
   * account handles (no lab chosen, no contact with an account) is every staff member's.
   */
  handledBy?: { field: FieldPath; entity: string; match: FieldPath; email: FieldPath };
  /** Lifecycle events as actions: label, permission, confirmation, payload. */
  actions?: Record<string, ActionDeclaration>;
  /** Copy: a new record from an existing one. */
  copy?: { permission: string; label: LocalizedText; omit: readonly string[]; revision?: CopyRevision; children?: readonly CopyChildren[] };
  /** Fields only holders of the code may change; holding it lets a user without the update permission edit those fields alone. */
  fieldPermissions?: Record<string, string>;
  /**
   * Server-generated number: `{prefix}{yyMMdd}{seq}`, given while the field is empty — at the create, or with
   * `when` as the record is created in or enters that state (server/entities/numbering.ts).
   */
  numbering?: { field: string; prefix: string; digits: number; when?: string };
  /**
   * Who sees and edits the records (docs/declarations.md §3, access). Required of every declared
   * entity (the meta-schema and checkEntityBundle refuse one without `visibility`); a template's
   * records (DFF data of a TRF) get `authorized` from the registry.
   */
  access?: {
    /**
     * `parties`: the owner company and the companies `shareWith` names. `authorized`: those, plus
     * (read-only) every company holding an active authorization (`grantsVisibility`) from one of them.
     */
    visibility: EntityVisibility;
    /**
     * Doc paths holding company ids that may see the record too. Each must name an existing,
     * approved company. `changedBy` says who may set or change it: `owner` (the default) the
     * record's own company and staff who see all companies; `anyParty` every company that sees it.
     * `account`: a doc path holding a login account that must belong to the named company.
     * `requiresApprovedOwner`: only an approved owner company may name one (SPEC §5: applicants
     * of an unapproved company fill non-buyer requests only).
     */
    shareWith?: readonly ShareRule[];
    /** Records of this entity in `states` extend what the grantee company sees to the owner's records (docs/declarations.md §3). */
    grantsVisibility?: VisibilityGrant;
    /** The record belongs to the `entity` record whose id `field` holds and is seen by whoever sees it (out of drafts). */
    parent?: {
      field: FieldPath;
      entity: string;
      /** A record may name no parent (a certificate filed without a TRF): it is then seen as the entity's own records are. */
      optional?: boolean;
      /**
       * While the parent rests in one of these states (per lifecycle field of the parent), users may not add, change or delete its
       * records (403 `message`), except a change of the `except` fields alone (a reviewer's result review of an issued report's line).
       */
      closed?: { states: Readonly<Record<string, readonly string[]>>; except?: readonly string[]; message: LocalizedText };
    };
    /** Who may edit the record: any company that sees it (the default), or its own company and staff only (`owner`). */
    updatedBy?: 'owner' | 'anyParty';
    /** Who reads a record in full beside its parties and staff, by records of other entities naming companies, customer groups or accounts (docs/declarations.md §3). */
    readGrants?: ReadGrants;
  };
  /** Values that may not repeat, among one company's records (the default) or all records (docs/declarations.md §3). */
  unique?: readonly { fields: readonly FieldPath[]; per?: 'company' | 'all'; emptyMatches?: boolean; message?: LocalizedText }[];
  /** Where the list sits in the main menu: a group of schemas/_menu/menu.json (top level when absent) and its order there. */
  menu?: {
    group?: string;
    order?: number;
    label?: LocalizedText;
    /** The roles whose users see the entry (besides the list permission); absent: all, empty: none (reached by link). */
    roles?: readonly string[];
  };
  /**
   * Each record is a link in the menu of the users of the company its `for` field names (a
   * customer's extension menus, /extend/specificextend-setting): labelled by the record's `label`
   * fields per language, opening its `url` field (inside the portal: /myiframe), in `group`, by its
   * `order` field, while its `when` field is true.
   */
  menuLinks?: { for: FieldPath; label: Record<Language, FieldPath>; url: FieldPath; order?: FieldPath; when?: FieldPath; group: string; icon?: string };
  /** Role, or `post:<post>`, → the permission codes of this entity it holds (schemas/_access/ declares the roles and posts). */
  grants?: Record<string, readonly string[]>;
  routes: EntityRoutes;
  /** Mails the machine's `sendEmail` effects send, by template name (docs/declarations.md §4, declared effects). */
  mail?: Record<string, MailDeclaration>;
  /** Notifications the machine's transitions raise, by notification event (docs/declarations.md §4, notifications). */
  notify?: Record<string, NotifyDeclaration>;
}

/**
 * A notification an entity's transitions raise (`notify`, keyed by the notification event of
 * schemas/notificationSetting/): on each machine event in `on` that moves a record, the server
 * queues a `notify` effect with the transition; it reaches the people the companies' and users'
 * notification settings name, by email and/or in-app message.
 */
export interface NotifyDeclaration {
  /** The machine events that raise it; `$create`: a record created. */
  on: readonly string[];
  /** Paths holding the ids of the companies whose settings and accounts it reaches beside the record's own company. */
  companies?: readonly FieldPath[];
  /** The channels it may use (both unless given): `["inApp"]` when the entity's own `mail` already sends the email. */
  channels?: readonly ('email' | 'inApp')[];
  /** It reaches the staff who handle the record too (`handledBy`; every staff member without it), by both channels unless their own choice says otherwise. */
  staff?: boolean;
  /** The title and text, with `{path}` placeholders as a mail's. */
  subject: LocalizedText;
  body: LocalizedText;
}

/** What marks a user as holding a role (SPEC §6): a dimension's value, or the customer-admin flag. */
export type RoleMarker = { dimension: string; value: string } | { flag: 'isAdmin' };

/** A role (schemas/_access/roles.json): its label, its marker and its codes outside the entities. */
export interface RoleDeclaration {
  label: LocalizedText;
  markedBy: RoleMarker;
  /** Login permissions (the pages the role may open). */
  permissions?: readonly string[];
  /** Button codes (the actions the role may take). */
  buttons?: readonly string[];
}

/** A post role (schemas/_access/posts.json) a company's accounts are given. */
export interface PostDeclaration {
  label: LocalizedText;
  description?: LocalizedText;
  permissions?: readonly string[];
  buttons?: readonly string[];
}

/** The roles and post roles, declared beside the entities. Entities grant their codes to `role` or `post:<post>`. */
export interface AccessDeclarations {
  roles: Record<string, RoleDeclaration>;
  posts: Record<string, PostDeclaration>;
}

/** The three declaration files of one entity, as loaded. */
export interface EntityBundle {
  /** The files the bundle was read from, named in declaration errors (schemas/<name>/… when absent). */
  files?: DeclarationFiles;
  entity: EntityDeclaration;
  schema: EntitySchema;
  views: EntityViews;
}
