import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiHarness } from '../support/api-harness.ts';
import { ok } from '../../server/http/errors.ts';
import { publicRoute } from '../../server/auth/session-hook.ts';

/**
 * The job pool (server/jobs/pool.ts) under its limits, through the API: a test route runs the jobs
 * of tests/support/job-tasks.ts (never the product's registry) in the app's own pool, set small
 * here. Past the time limit the job fails with the translated message naming the limit and its
 * worker is replaced; past the heap cap likewise (413); a full queue answers 503 with Retry-After;
 * closing the app ends the threads. The pool's worker imports TypeScript under vitest here (tsx
 * registered by server/jobs/worker.mjs), as under `npm start`.
 */
const TASKS = new URL('../support/job-tasks.ts', import.meta.url).href;
const LIMITS = { threads: 1, heapMb: 64, timeMs: 4_000, maxQueue: 1 };

describe('job pool', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await ApiHarness.start('pglite', [], { jobs: LIMITS });
    h.app.post<{ Params: { fn: string }; Body: unknown }>('/api/test-jobs/:fn', publicRoute(1000), async (req) =>
      ok(await h.app.jobs.runJob({ module: TASKS, fn: req.params.fn }, req.body ?? {})),
    );
  });
  afterAll(() => h?.close());

  const job = (fn: string, lang = 'en-US', payload: object = {}) => h.call({ method: 'POST', url: `/api/test-jobs/${fn}`, payload, lang });
  const thread = async () => {
    const res = await job('whoAmI');
    expect(res.status).toBe(200);
    return res.body.data.threadId as number;
  };

  it('stops a job past its time limit with the limit in the message, and replaces its worker', async () => {
    const before = await thread();
    const en = await job('spin');
    expect(en.status).toBe(422);
    expect(en.body).toMatchObject({ errorCode: 'JOB_TIME_LIMIT', message: 'The job went past its time limit of 4 s and was stopped; please make it smaller and try again' });
    const after = await thread();
    expect(after).not.toBe(before);
    const zh = await job('spin', 'zh-CN');
    expect(zh.body.message).toBe('处理超过 4 秒的时间上限，已停止；请减少内容后重试');
    expect(await thread()).not.toBe(after);
  });

  it('stops a job past its heap cap with 413 naming the cap, and keeps working', async () => {
    const before = await thread();
    const res = await job('hoard');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ errorCode: 'JOB_MEMORY_LIMIT', message: 'The job went past its memory limit of 64 MB and was stopped; please make it smaller and try again' });
    expect(await thread()).not.toBe(before);
  });

  it('refuses a job at once with 503 and Retry-After when the queue is full', async () => {
    await thread();
    // One job holds the only thread, one waits: the queue (1) is full.
    const running = h.app.jobs.runJob({ module: TASKS, fn: 'hold' }, { ms: 1_500 });
    const waiting = h.app.jobs.runJob({ module: TASKS, fn: 'hold' }, { ms: 10 });
    const refused = await h.app.inject({ method: 'POST', url: '/api/test-jobs/whoAmI', payload: {}, headers: { 'accept-language': 'zh-CN' } });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('4');
    expect(refused.json()).toMatchObject({ errorCode: 'JOB_QUEUE_FULL', message: '服务器正忙（已有 1 个任务在排队），请 4 秒后重试' });
    expect(await Promise.all([running, waiting])).toEqual(['held', 'held']);
    // The queue drained: accepted again.
    await thread();
  });

  it('ends its threads when the app closes', async () => {
    await thread();
    expect(h.app.jobs.load.threads).toBe(1);
    const other = await ApiHarness.start('pglite', [], { jobs: LIMITS });
    const cut = other.app.jobs.runJob({ module: TASKS, fn: 'hold' }, { ms: 60_000 }).catch((err: unknown) => err);
    await other.close();
    expect(await cut).toMatchObject({ status: 503, code: 'JOB_FAILED' });
    expect(other.app.jobs.load.threads).toBe(0);
    await expect(other.app.jobs.runJob({ module: TASKS, fn: 'whoAmI' }, {})).rejects.toMatchObject({ status: 503, code: 'JOB_FAILED' });
  });
});

describe('job pool under a product route', () => {
  it('answers a template import whose job runs out of heap with 413 naming the cap', async () => {
    // 8 MB does not even hold the import's modules: the worker dies of it, as of a huge schema.
    const h = await ApiHarness.start('pglite', [], { jobs: { threads: 1, heapMb: 8 } });
    try {
      const staff = await h.login('staff');
      const res = await h.call({ method: 'POST', url: '/api/templates/import', token: staff, lang: 'zh-CN', payload: { schema: { type: 'object', properties: { a: { type: 'string' } } } } });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ errorCode: 'JOB_MEMORY_LIMIT', message: '处理超过 8 MB 的内存上限，已停止；请减少内容后重试' });
      expect((await h.call({ method: 'GET', url: '/api/templates', token: staff })).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
