import { request } from './client.ts';

/** An entity's records per value of a lifecycle region, in one request (server/dashboard/routes.ts). */
export const getStateCounts = (entity: string, region: string) =>
  request<{ value: string; count: number }[]>(`/api/entities/${encodeURIComponent(entity)}/state-counts`, { query: { region }, quiet: true });
