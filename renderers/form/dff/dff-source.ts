import type { RegisteredEntity } from '../../../engine/index.ts';

/** The template a buyer's TRF takes its DFF section from, registered for rendering. */
export interface DffTemplate {
  reg: RegisteredEntity;
  label: string;
  /** SPEC 'template replaced by buyer': the TRF had another template chosen. */
  replacedMessage?: string;
}

/**
 * Where the form finds DFF templates (the portal: the template-setting resolution and its
 * registry of published versions). Renderers stay free of the app's API and registry.
 */
export interface DffSource {
  /**
   * The buyer's DFF template; rejects with the server's message when there is none
   * (SPEC 'template missing buyer', 'buyer has no customer group', nothing set for the group).
   */
  resolve(buyer: string, template: string | undefined): Promise<DffTemplate>;
  /** The registration of one version of a template (a stored record is edited with the version it was made with). */
  registration(code: string, version: number | undefined): Promise<RegisteredEntity>;
}

/** The reference a TRF stores to its DFF record (the `x-dff` field). */
export interface DffRef {
  template: string;
  recordId: string;
}

export function dffRefOf(doc: Record<string, unknown> | undefined, field: string): DffRef | undefined {
  const v = doc?.[field] as Partial<DffRef> | undefined;
  return v && typeof v.template === 'string' && typeof v.recordId === 'string' ? { template: v.template, recordId: v.recordId } : undefined;
}

/** The entity's field declaring a DFF reference, with the path of the buyer it follows. */
export function dffFieldOf(reg: RegisteredEntity): { field: string; buyer: string } | undefined {
  for (const [field, node] of Object.entries(reg.schema.properties)) if (node['x-dff']) return { field, buyer: node['x-dff'].buyer };
  return undefined;
}
