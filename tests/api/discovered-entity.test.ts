import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredGrants, STATIC_BUNDLES, toPermissionMap, type DeclaredBundle, type EntityRegistry } from '../../engine/index.ts';
import { menuFor } from '../../server/portal/menu.ts';
import { userByAccount } from '../../server/auth/sessions.ts';
import { EntityService } from '../../server/entities/service.ts';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { throwawayLayout, type ThrowawayLayout } from '../fixtures/throwaway-entity.ts';
import { BACKENDS } from '../support/backends.ts';
import { delayMs, modelOf, replay, timerStart, traverse } from '../model/harness.ts';
import { ApiHarness } from '../support/api-harness.ts';

/**
 * Issue 12 item 2: an entity added as its own folder and machine file, in a temporary copy of the
 * layout, is discovered by the same index generator and registered with no other edit: its OpenAPI
 * paths, its menu entry for the granted role, its `after` timer run by the worker and its
 * model-based transition coverage.
 */
describe.each(BACKENDS)('an entity discovered from its own files on %s', (backend) => {
  let layout: ThrowawayLayout | undefined;
  let registry: EntityRegistry;
  let declared: readonly DeclaredBundle[];
  let h: ApiHarness;
  beforeAll(async () => {
    // The product's layout plus the new entity: the server's product-wide declarations (the
    // statistics pages, the dashboard) are checked at start against the entities they name.
    layout = await throwawayLayout({ withProduct: true });
    ({ declared, registry } = layout);
    h = await ApiHarness.startWith(backend, registry);
  });
  afterAll(async () => {
    await h?.close();
    layout?.remove();
  });

  it('is registered with its machine, its timer included', () => {
    const found = declared.map((b) => b.files.entity);
    expect(found).toContain('schemas/sampleCheck/sampleCheck.entity.json');
    expect(found.filter((f) => !STATIC_BUNDLES.some((b) => b.files?.entity === f))).toEqual(['schemas/sampleCheck/sampleCheck.entity.json']);
    const reg = registry.get('sampleCheck');
    expect(reg.machine?.id).toBe('sampleCheck');
    expect(reg.machine?.root.states.checking?.after.map((t) => t.delay)).toEqual([86400000]);
    expect(reg.validate({ title: 'Drop test' })).toBe(true);
  });

  it('gets its OpenAPI paths', async () => {
    const openapi = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(openapi.paths).filter((p) => p.startsWith('/api/entities/sampleCheck')).sort()).toEqual([
      '/api/entities/sampleCheck',
      '/api/entities/sampleCheck/{id}',
      '/api/entities/sampleCheck/{id}/events',
      '/api/entities/sampleCheck/{id}/history',
    ]);
  });

  it('gets a menu entry for the roles its grants name, and none for the others', () => {
    const menuOf = (role: string) => {
      const { permissions, buttons } = declaredGrants(registry.list(), [role]);
      return menuFor(registry, toPermissionMap(permissions, buttons), 'en-US').map((m) => m.path);
    };
    expect(menuOf('internalStaff')).toContain('/sampleCheck/list');
    expect(menuOf('buyer')).not.toContain('/sampleCheck/list');
  });

  it('runs its timer through the worker', async () => {
    const reg = registry.get('sampleCheck');
    const staff = (await userByAccount(h.db, 'staff'))!;
    const granted = declaredGrants(registry.list(), ['internalStaff']);
    const user = { ...staff, permissionMap: toPermissionMap(staff.permissions, staff.buttons, granted.permissions, granted.buttons) };
    const service = new EntityService(h.db);
    const made = await service.create(reg, { doc: { title: 'Drop test' } }, user, 'en-US');
    await service.send(reg, made.id, { type: 'START', version: 1 }, user, 'en-US');
    await h.db.query('update records set timer_due_at = now() where id = $1', [made.id]);
    expect(await fireDueTimers(h.db, registry)).toBe(1);
    expect((await service.get(reg, made.id, user)).states).toEqual({ $status: 'done' });
  });

  it('has every transition of its machine taken by the model-based paths, its timer at its delay', () => {
    const reg = registry.get('sampleCheck');
    const model = modelOf('sampleCheck', reg.machine!, reg.entity.actions);
    const traversal = traverse(model);
    const taken = new Set<string>();
    for (const c of traversal.cases) {
      const r = replay(model, c.events);
      expect([r.problems, r.actor.getSnapshot().value], c.name).toEqual([[], c.expected]);
      r.actor.stop();
      r.taken.forEach((t) => taken.add(t));
    }
    const [timer] = model.graph.edges.filter((e) => e.kind === 'after');
    const start = timerStart(model, traversal, timer!)!;
    const r = replay(model, start.path);
    r.clock.increment(delayMs(model, timer!, start.snapshot));
    r.taken.forEach((t) => taken.add(t));
    r.actor.stop();
    expect(model.graph.edges.map((e) => e.kind).sort()).toEqual(['after', 'event', 'event']);
    expect(model.graph.edges.map((e) => e.id).filter((id) => !taken.has(id))).toEqual([]);
  });
});
