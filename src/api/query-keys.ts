/**
 * The query keys of the portal's own server data (the renderers' entity and lookup keys are in
 * renderers/env/query-keys.ts). A prefix names a family that a change invalidates together:
 * `['templates']` every list of templates, `['template', code]` one template's summary and
 * versions, `['customer-group-members']` the members of every group (adding a company moves it).
 */
export const templateKeys = {
  lists: ['templates'] as const,
  all: ['templates', 'all'] as const,
  page: (query: { page: number; pageSize: number; q?: string }) => ['templates', 'page', query] as const,
  one: (code: string) => ['template', code] as const,
  /** A 404's message is in the reader's language. */
  summary: (code: string, lang: string) => ['template', code, 'summary', lang] as const,
  version: (code: string, version: number) => ['template', code, 'version', version] as const,
};

export const settingKeys = {
  settings: ['template-settings'] as const,
  /** Groups come with their names in the reader's language. */
  groups: (lang: string) => ['customer-groups', lang] as const,
  allGroups: ['customer-groups'] as const,
  members: (code: string) => ['customer-group-members', code] as const,
  allMembers: ['customer-group-members'] as const,
};

export const accountKeys = {
  /** The user's own account (information and settings): both user pages read it, both change it. */
  me: ['account'] as const,
  /** The menu comes with its names in the reader's language. */
  menu: (lang: string) => ['menu', lang] as const,
};

/** Account management: every page of the account list, and one page. */
export const managedAccountKeys = {
  all: ['managed-accounts'] as const,
  page: (query: { companyId?: string; q?: string; page: number }) => ['managed-accounts', query] as const,
};

export const staffKeys = {
  reviews: ['account-reviews'] as const,
  notices: ['notices'] as const,
  /** The outbox, optionally of one address. */
  outbox: (to: string) => ['outbox', to] as const,
  /** An administration view's rows (/admin/{view}). */
  adminView: (view: string) => ['admin-view', view] as const,
};
