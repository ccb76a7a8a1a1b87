import type { LookupOption, LookupRequest } from '../../renderers/env/data-provider.ts';
import { request } from './client.ts';

/** Options of a server lookup source (`templates`, `companies`), labelled in the request's language. */
export const getLookup = ({ name, q }: LookupRequest) => request<LookupOption[]>(`/api/lookups/${encodeURIComponent(name)}`, { query: { q } });
