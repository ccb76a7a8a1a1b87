import { registrationFor, type RegisteredEntity } from '../../../engine/index.ts';
import type { DffSource } from '../../../renderers/form/dff/dff-source.ts';
import { request } from '../../api/client.ts';
import { hasVersion } from '../../registry/published-templates.ts';
import { ensureTemplateVersion, loadRegistry, refreshTemplates } from '../../registry/registry.ts';

/** The answer of GET /api/template-settings/resolve, as far as the form reads it (no template: why). */
type Resolution =
  | { template: { code: string; version: number; label: string }; replaced: boolean; message?: string }
  | { template: null; reason: { message: string } };

/** A template version from the registry, fetching the published templates again when it is newer than what was loaded. */
async function registration(code: string, version: number | undefined): Promise<RegisteredEntity> {
  let registry = await loadRegistry();
  if (version !== undefined ? !hasVersion(registry, code, version) : !registry.has(code)) registry = await refreshTemplates();
  if (version !== undefined) registry = await ensureTemplateVersion(code, version);
  return registrationFor(registry.get(code), version);
}

/** The TRF form's DFF templates: the buyer's template from the template setting, drawn from the portal's registry. */
export const portalDffSource: DffSource = {
  async resolve(buyer, template) {
    const r = await request<Resolution>('/api/template-settings/resolve', { query: { buyer, template }, quiet: true });
    if (!r.template) throw new Error(r.reason.message);
    return { reg: await registration(r.template.code, r.template.version), label: r.template.label, replacedMessage: r.replaced ? r.message : undefined };
  },
  registration,
};
