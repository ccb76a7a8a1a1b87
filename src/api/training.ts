import type { PerformanceRow } from '../../engine/index.ts';
import { request } from './client.ts';

export type { PerformanceRow };

export type PerformanceBy = 'trainee' | 'company';

/** Under the enrolments' lists: an enrolment saved (attendance, a score) loads the figures again (renderers/env/record-cache.ts). */
export const performanceKey = (by: PerformanceBy) => ['entity', 'trainingEnrolment', 'list', 'performance', by] as const;

export const trainingPerformance = (by: PerformanceBy) => request<PerformanceRow[]>('/api/training/performance', { query: { by } });
