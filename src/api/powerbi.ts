import type { PowerbiView } from '../../engine/index.ts';
import { request } from './client.ts';

export type { PowerbiView };

/** Opens a BI report: the server checks the user may see it and its embed origin, logs the view and answers its address. */
export const viewPowerbiReport = (id: string) => request<{ id: string; name: string; embedUrl: string }>(`/api/powerbi/${encodeURIComponent(id)}/view`, { method: 'POST', quiet: true });

/** The power BI log (staff): the newest views of the report. */
export const getPowerbiLog = (reportId: string) => request<PowerbiView[]>('/api/powerbi/log', { query: { reportId } });
