import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleValue, stateFields } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { allTransitions, transitionCoveringPaths } from '../support/transition-paths.ts';

/**
 * Model-based: every transition of the TRF machine, reached by a shortest path, replayed against
 * the API as the user who holds each event's permission; the stored state must follow the model.
 */
describe.each(BACKENDS)('TRF machine replayed against the API on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    tokens.applicant = await h.login('applicant');
    tokens.staff = await h.login('staff');
  });
  afterAll(() => h.close());

  const reg = () => h.registry.get('trf');
  const events = () =>
    Object.entries(reg().entity.actions ?? {}).map(([type, a]) => ({ type, ...(a.payloadSchema ? (sampleValue(a.payloadSchema) as object) : {}) }));
  const paths = () => transitionCoveringPaths(machines.trf, events);

  it('covers every transition of the machine', () => {
    const covered = new Set(paths().flatMap((p) => p.covers));
    const all = allTransitions(machines.trf);
    const missing = [...all].filter((t) => !covered.has(t));
    console.log(`TRF machine (API replay): ${all.size - missing.length}/${all.size} transitions covered by ${paths().length} paths`);
    expect(missing).toEqual([]);
  });

  it('replays every path through the API and the stored state follows the model', async () => {
    const buttons = async (token: string) => (await h.call({ method: 'GET', url: '/api/auth/buttons', token })).body.data as string[];
    const can = { applicant: new Set(await buttons(tokens.applicant!)), staff: new Set(await buttons(tokens.staff!)) };
    const regions = reg().entity.lifecycle!.regions;
    for (const path of paths()) {
      let record = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: tokens.applicant })).body.data;
      for (const { event, after } of path.steps) {
        const { type, ...payload } = event;
        const permission = reg().entity.actions![type]!.permission;
        const who = can.applicant.has(permission) ? 'applicant' : 'staff';
        expect(can[who].has(permission), `${type} needs ${permission}`).toBe(true);
        const res = await h.call({ method: 'POST', url: `/api/entities/trf/${record.id}/events`, payload: { type, version: record.version, payload }, token: tokens[who] });
        expect(res.status, `${path.steps.map((s) => s.event.type).join(' → ')}: ${JSON.stringify(res.body)}`).toBe(200);
        if ('deleted' in res.body.data) {
          expect((await h.call({ method: 'GET', url: `/api/entities/trf/${record.id}`, token: tokens.applicant })).status).toBe(404);
          break;
        }
        record = res.body.data;
        expect(record.states).toEqual(stateFields(regions, after));
      }
    }
  });
});
