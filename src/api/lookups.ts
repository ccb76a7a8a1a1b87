import type { LookupOption, LookupRequest } from '../../renderers/env/data-provider.ts';
import { request } from './client.ts';

/** Options of a server lookup source (`templates`, `companies`), labelled in the request's language; `values`: those of these values only (comma-separated). */
export const getLookup = ({ name, q, context, values }: LookupRequest) =>
  request<LookupOption[]>(`/api/lookups/${encodeURIComponent(name)}`, { query: { q, values: values?.join(','), ...Object.fromEntries(Object.entries(context ?? {}).map(([k, v]) => [`c.${k}`, v])) } });
