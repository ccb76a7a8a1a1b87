import type { CustomerGroup, LocalizedText, TemplateSetting, TemplateSettingInput } from '../../engine/index.ts';
import type { Problem, TemplateApi, TemplateSummary, TemplateVersion } from '../../renderers/designer/template-api.ts';
import { request } from './client.ts';

const base = (code: string) => `/api/templates/${encodeURIComponent(code)}`;

/**
 * The template endpoints (docs/api.md, "Templates") for the form designer. The designer and the
 * template list show every refusal themselves (messages, problem lists, alerts), so the calls
 * are quiet: the client's own failure message would say it twice.
 */
const QUIET = { quiet: true } as const;
export const templateApi: TemplateApi = {
  list: () => request('/api/templates', QUIET),
  create: (code, label) => request('/api/templates', { method: 'POST', json: { code, kind: 'form', label }, ...QUIET }),
  get: (code) => request(base(code), QUIET),
  version: (code, version) => request(`${base(code)}/versions/${version}`, QUIET),
  save: (code, version, bundle, renames) => request(`${base(code)}/versions/${version}`, { method: 'PUT', json: { bundle, renames }, ...QUIET }),
  publish: (code, version, placement) => request(`${base(code)}/versions/${version}/publish`, { method: 'POST', json: placement ? { placement } : {}, ...QUIET }),
  placementChoices: () => request('/api/template-placements', QUIET),
  newVersion: (code) => request(`${base(code)}/versions`, { method: 'POST', ...QUIET }),
  diff: (code, version) => request(`${base(code)}/versions/${version}/diff`, QUIET),
  previewMigration: (code, from, to) => request(`${base(code)}/migrations/preview`, { method: 'POST', json: { from, to }, ...QUIET }),
  runMigration: (code, from, to, keepBlocked) => request(`${base(code)}/migrations`, { method: 'POST', json: { from, to, keepBlocked }, ...QUIET }),
  importBundle: (code, bundle) => request('/api/templates', { method: 'POST', json: { code, kind: 'form', bundle }, ...QUIET }),
};

/** What a template is for (server/templates/templates-repo.ts): customer templates are `material` and `product`. */
export type TemplateKind = 'dff' | 'form' | 'material' | 'product';
export type KindedTemplate = Omit<TemplateSummary, 'kind'> & { kind: TemplateKind };

/** One page of the templates (the /form/list table), optionally matching a code or name. */
export const listTemplatePage = (query: { page: number; pageSize: number; q?: string }) =>
  request<{ items: TemplateSummary[]; total: number }>('/api/templates', { query, ...QUIET });

/** Templates of every kind (designers also see drafts; everyone else published versions only). */
export const listTemplates = () => request<KindedTemplate[]>('/api/templates');
export const getTemplate = (code: string) => request<KindedTemplate>(base(code), { quiet: true });
/** A new template of a kind, starting as a draft with one title field; the designer opens it next. */
export const createTemplate = (code: string, kind: TemplateKind, label: LocalizedText) =>
  request<{ version: TemplateVersion; problems: Problem[] }>('/api/templates', { method: 'POST', json: { code, kind, label }, quiet: true });
/** Deletes a whole template; one holding records is refused by the server (its message shown by the request client). */
export const deleteTemplate = (code: string) => request<Record<string, never>>(base(code), { method: 'DELETE' });
export const getTemplateVersion = (code: string, version: number) => request<TemplateVersion>(`${base(code)}/versions/${version}`, { quiet: true });

/** A customer group: DFF templates are configured by its code. */
/** A customer group with its name in the reader's language. */
export interface LabelledCustomerGroup extends CustomerGroup {
  label: string;
}
export type { TemplateSetting, TemplateSettingInput };

/** No template setting applies to the buyer (no customer group, nothing set for it): why, in the language. */
export interface NoTemplateResolution {
  template: null;
  reason: { code: string; message: string };
}

/** The template a buyer's TRF would take its DFF section from (GET /api/template-settings/resolve), or why there is none. */
export type TemplateAnswer = TemplateResolution | NoTemplateResolution;

export interface TemplateResolution {
  buyer: { id: string; name: string };
  customerGroup: { code: string; label: string } | null;
  setting: TemplateSetting;
  trfTemplate: { id: string; label: string } | null;
  template: { code: string; version: number; label: string };
  replaced: boolean;
  message?: string;
}

/** The template setting page's calls (docs/api.md, "Templates"); the page shows their refusals itself (quiet). */
export const templateSettingsApi = {
  groups: () => request<LabelledCustomerGroup[]>('/api/customer-groups'),
  createGroup: (group: CustomerGroup) => request<LabelledCustomerGroup>('/api/customer-groups', { method: 'POST', json: group, quiet: true }),
  members: (code: string) => request<{ id: string; name: string }[]>(`/api/customer-groups/${encodeURIComponent(code)}/members`),
  setMember: (code: string, companyId: string, member: boolean) =>
    request<Record<string, never>>(`/api/customer-groups/${encodeURIComponent(code)}/members/${encodeURIComponent(companyId)}`, { method: member ? 'PUT' : 'DELETE' }),
  list: () => request<TemplateSetting[]>('/api/template-settings'),
  save: (id: string | undefined, setting: Partial<TemplateSettingInput>) =>
    id === undefined
      ? request<TemplateSetting>('/api/template-settings', { method: 'POST', json: setting, quiet: true })
      : request<TemplateSetting>(`/api/template-settings/${encodeURIComponent(id)}`, { method: 'PUT', json: setting, quiet: true }),
  remove: (id: string) => request<Record<string, never>>(`/api/template-settings/${encodeURIComponent(id)}`, { method: 'DELETE', quiet: true }),
  resolve: (query: { buyer?: string; template?: string; productLine?: string; productCategory?: string; testPackage?: string }) =>
    request<TemplateAnswer>('/api/template-settings/resolve', { query, quiet: true }),
};

/** What POST /api/templates/import answers: the first draft, what stops publishing, missing translations, and what the import changed. */
export interface SchemaImportAnswer {
  version: TemplateVersion;
  problems: Problem[];
  warnings: Problem[];
  report: Problem[];
}

/** A JSON Schema (text as pasted or read from a file), its uiSchema and sibling files as a new form template (docs/api.md). */
export const importSchema = (input: { name?: string; schema: string; uiSchema?: string; files?: Record<string, string> }) =>
  request<SchemaImportAnswer>('/api/templates/import', { method: 'POST', json: { kind: 'form', ...input }, quiet: true });
