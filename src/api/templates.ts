import type { TemplateApi } from '../../renderers/designer/template-api.ts';
import { request } from './client.ts';

const base = (code: string) => `/api/templates/${encodeURIComponent(code)}`;

/** The template endpoints (docs/api.md, "Templates") for the form designer. */
export const templateApi: TemplateApi = {
  list: () => request('/api/templates'),
  create: (code, label) => request('/api/templates', { method: 'POST', json: { code, kind: 'form', label } }),
  get: (code) => request(base(code)),
  version: (code, version) => request(`${base(code)}/versions/${version}`),
  save: (code, version, bundle, renames) => request(`${base(code)}/versions/${version}`, { method: 'PUT', json: { bundle, renames } }),
  publish: (code, version) => request(`${base(code)}/versions/${version}/publish`, { method: 'POST' }),
  newVersion: (code) => request(`${base(code)}/versions`, { method: 'POST' }),
  diff: (code, version) => request(`${base(code)}/versions/${version}/diff`),
  previewMigration: (code, from, to) => request(`${base(code)}/migrations/preview`, { method: 'POST', json: { from, to } }),
  runMigration: (code, from, to, keepBlocked) => request(`${base(code)}/migrations`, { method: 'POST', json: { from, to, keepBlocked } }),
  importBundle: (code, bundle) => request('/api/templates', { method: 'POST', json: { code, kind: 'form', bundle } }),
};
