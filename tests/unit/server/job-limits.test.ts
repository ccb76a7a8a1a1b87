import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_LIMITS, jobLimitsFromEnv } from '../../../server/jobs/pool.ts';

describe('job pool limits from the environment', () => {
  it('reads JOB_THREADS, JOB_HEAP_MB, JOB_TIME_LIMIT_MS and JOB_QUEUE, and leaves the rest to the defaults', () => {
    expect(jobLimitsFromEnv({})).toEqual({});
    expect(jobLimitsFromEnv({ JOB_THREADS: '2', JOB_HEAP_MB: ' 128 ', JOB_TIME_LIMIT_MS: '5000', JOB_QUEUE: '4', OTHER: 'x' })).toEqual({ threads: 2, heapMb: 128, timeMs: 5000, maxQueue: 4 });
    expect(DEFAULT_JOB_LIMITS).toMatchObject({ heapMb: 256, timeMs: 20_000, maxQueue: 16 });
    expect([1, 2]).toContain(DEFAULT_JOB_LIMITS.threads);
  });

  it('refuses a value that is not a whole number of 1 or more, naming the variable', () => {
    expect(() => jobLimitsFromEnv({ JOB_THREADS: '0' })).toThrow('JOB_THREADS must be a whole number of 1 or more, not "0"');
    expect(() => jobLimitsFromEnv({ JOB_HEAP_MB: '1.5' })).toThrow('JOB_HEAP_MB');
    expect(() => jobLimitsFromEnv({ JOB_QUEUE: 'many' })).toThrow('JOB_QUEUE');
    expect(jobLimitsFromEnv({ JOB_NICE: '0' })).toEqual({ nice: 0 });
    expect(() => jobLimitsFromEnv({ JOB_NICE: '20' })).toThrow('JOB_NICE must be a whole number from 0 to 19, not "20"');
  });
});
