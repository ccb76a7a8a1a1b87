import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { defaultPressureLimits, pressureFromEnv } from '../../../server/http/back-pressure.ts';

const MB = 1024 * 1024;

describe('back-pressure limits from the environment (docs/deployment.md, Back-pressure)', () => {
  it('defaults to a second of event-loop delay and 85% of the heap limit, no RSS or utilization limit', () => {
    const limits = pressureFromEnv({});
    expect(limits).toEqual(defaultPressureLimits());
    expect(limits).toMatchObject({ maxEventLoopDelayMs: 1000, retryAfterSeconds: 10, maxRssBytes: undefined, maxEventLoopUtilization: undefined });
    expect(limits !== 'off' && limits.maxHeapUsedBytes).toBe(Math.floor(getHeapStatistics().heap_size_limit * 0.85));
  });

  it('reads each limit, megabytes as bytes, and 0 as no limit', () => {
    const env = {
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '250',
      PRESSURE_MAX_HEAP_MB: '0',
      PRESSURE_MAX_RSS_MB: '1536',
      PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.98',
      PRESSURE_RETRY_AFTER_S: '2.5',
    };
    expect(pressureFromEnv(env)).toEqual({ maxEventLoopDelayMs: 250, maxHeapUsedBytes: 0, maxRssBytes: 1536 * MB, maxEventLoopUtilization: 0.98, retryAfterSeconds: 3 });
  });

  it('turns it off with PRESSURE=off, and refuses values it cannot read', () => {
    expect(pressureFromEnv({ PRESSURE: 'off', PRESSURE_MAX_RSS_MB: '10' })).toBe('off');
    expect(() => pressureFromEnv({ PRESSURE_MAX_RSS_MB: '2GB' })).toThrow('PRESSURE_MAX_RSS_MB=2GB: expected a number of 0 or more');
    expect(() => pressureFromEnv({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '-1' })).toThrow('PRESSURE_MAX_EVENT_LOOP_DELAY_MS');
    expect(() => pressureFromEnv({ PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '98' })).toThrow('from 0 to 1');
  });
});
