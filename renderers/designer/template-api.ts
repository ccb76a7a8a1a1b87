import type { LocalizedText, RenameMap, TemplateBundle, TemplateDiff } from '../../engine/index.ts';

/** One per-field problem as the server reports it, already in the user's language. */
export interface Problem {
  field: string;
  keyword?: string;
  message: string;
}

export interface TemplateSummary {
  code: string;
  kind: 'dff' | 'form';
  label: LocalizedText;
  current: number | null;
  draft: number | null;
  versions: { version: number; status: 'draft' | 'published'; publishedAt: string | null }[];
}

export interface TemplateVersion {
  code: string;
  version: number;
  status: 'draft' | 'published';
  bundle: TemplateBundle;
  renames: RenameMap;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export interface DiffAnswer {
  from: number | null;
  to: number;
  diff: TemplateDiff | null;
  problems: Problem[];
}

export interface RecordPreview {
  id: string;
  outcome: 'unchanged' | 'migrate' | 'blocked';
  changes: unknown[];
  archived: unknown[];
  problems: Problem[];
}

export interface MigrationPreview {
  from: number;
  to: number;
  total: number;
  unchanged: number;
  migrate: number;
  blocked: number;
  archived: number;
  records: RecordPreview[];
  truncated: boolean;
}

export interface MigrationResult {
  migrationId: string;
  from: number;
  to: number;
  migrated: number;
  kept: number;
  archived: number;
}

/**
 * Where a published version sits in the menu (server/templates/menu-placement.ts): a declared menu
 * group (null: the top level) and the roles whose users see it (none: no entry, reached by link).
 */
export interface MenuPlacement {
  group: string | null;
  roles: string[];
}

/** The declared groups and roles a publish may choose, labelled in the interface language. */
export interface PlacementChoices {
  groups: { id: string; label: string }[];
  roles: { code: string; label: string }[];
}

/** The template calls the designer needs; the portal implements them over its request function. */
export interface TemplateApi {
  list(): Promise<TemplateSummary[]>;
  create(code: string, label: LocalizedText): Promise<{ version: TemplateVersion; problems: Problem[] }>;
  get(code: string): Promise<TemplateSummary>;
  version(code: string, version: number): Promise<TemplateVersion>;
  save(code: string, version: number, bundle: TemplateBundle, renames: RenameMap): Promise<{ version: TemplateVersion; problems: Problem[] }>;
  /** Publishes a draft, in the menu where `placement` says (none: where the previous version was). */
  publish(code: string, version: number, placement?: MenuPlacement): Promise<TemplateVersion>;
  placementChoices(): Promise<PlacementChoices>;
  newVersion(code: string): Promise<{ version: TemplateVersion; problems: Problem[] }>;
  diff(code: string, version: number): Promise<DiffAnswer>;
  previewMigration(code: string, from: number, to: number): Promise<MigrationPreview>;
  runMigration(code: string, from: number, to: number, keepBlocked: boolean): Promise<MigrationResult>;
  importBundle(code: string, bundle: TemplateBundle): Promise<{ version: TemplateVersion; problems: Problem[] }>;
}

/** A failed call as the designer shows it: the message and the per-field problems. */
export interface ApiFailure {
  message: string;
  errors?: readonly Problem[];
}
export const asFailure = (e: unknown): ApiFailure =>
  e && typeof e === 'object' && 'message' in e ? (e as ApiFailure) : { message: String(e) };
