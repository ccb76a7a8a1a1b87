import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, declaredGrants, toPermissionMap, type DeclaredBundle, type EntityRegistry } from '../../engine/index.ts';
import { menuFor } from '../../server/portal/menu.ts';
import { userByAccount } from '../../server/auth/sessions.ts';
import { EntityService } from '../../server/entities/service.ts';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { generateDeclarationIndex } from '../../scripts/declaration-index.ts';
import { BACKENDS } from '../support/backends.ts';
import { delayMs, modelOf, replay, timerStart, traverse } from '../model/harness.ts';
import { ApiHarness } from '../support/api-harness.ts';

const repo = resolve(import.meta.dirname, '../..');
const L = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** A new entity as docs/declarations.md adds it: three files in schemas/<name>/ and one machine file. */
const FILES: Record<string, unknown> = {
  'schemas/sampleCheck/sampleCheck.entity.json': {
    $schema: '../_meta/entity.schema.json',
    name: 'sampleCheck',
    label: L('样品检查', 'Sample check'),
    titleField: 'title',
    permissions: { list: 'sampleCheck:list', read: 'sampleCheck:read', create: 'sampleCheck:create', update: 'sampleCheck:update' },
    grants: { internalStaff: ['sampleCheck:list', 'sampleCheck:read', 'sampleCheck:create', 'sampleCheck:update', 'sampleCheck:start', 'sampleCheck:finish'] },
    lifecycle: { machine: 'sampleCheck', regions: { $status: '.' } },
    actions: {
      START: { label: L('开始', 'Start'), permission: 'sampleCheck:start', variant: 'primary' },
      FINISH: { label: L('完成', 'Finish'), permission: 'sampleCheck:finish' },
    },
    routes: { list: '/sampleCheck/list', detail: '/sampleCheck/detail', form: '/sampleCheck/form' },
  },
  'schemas/sampleCheck/sampleCheck.schema.json': {
    $schema: '../_meta/schema.schema.json',
    $id: 'https://portico.dev/schemas/test/sample-check.json',
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', maxLength: 80, 'x-label': L('标题', 'Title') },
      sampleNo: { type: 'string', 'x-label': L('样品编号', 'Sample no.') },
      checkedOn: { type: 'string', format: 'date', 'x-label': L('检查日期', 'Checked on') },
      passed: { type: 'boolean', 'x-label': L('合格', 'Passed') },
      remark: { type: 'string', 'x-widget': 'textarea', 'x-label': L('备注', 'Remark') },
    },
  },
  'schemas/sampleCheck/sampleCheck.views.json': {
    $schema: '../_meta/views.schema.json',
    list: { columns: [{ field: 'title', link: true }, { field: 'checkedOn', sortable: true }, { field: '$status' }], filters: [{ field: '$status', op: 'in' }], defaultSort: { field: '$updatedAt', order: 'desc' } },
    detail: { sections: [{ id: 'main', label: L('检查', 'Check'), fields: ['title', 'sampleNo', 'checkedOn', 'passed', 'remark', '$status'] }] },
    form: { sections: [{ id: 'main', label: L('检查', 'Check'), fields: ['title', 'sampleNo', 'checkedOn', 'passed', 'remark'] }] },
  },
};

const MACHINE = `import { setup } from 'xstate';
import { L, stateMeta as meta } from './machine-meta.ts';

export const sampleCheckMachine = setup({ types: { events: {} as { type: 'START' } | { type: 'FINISH' } } }).createMachine({
  id: 'sampleCheck',
  initial: 'open',
  states: {
    open: { meta: meta({ label: L('待检查', 'Open'), editable: '*', draft: true }), on: { START: 'checking' } },
    checking: { meta: meta({ label: L('检查中', 'Checking') }), on: { FINISH: 'done' }, after: { 86400000: 'done' } },
    done: { meta: meta({ label: L('已完成', 'Done') }), type: 'final' },
  },
});
`;

/**
 * Issue 12 item 2: an entity added as its own folder and machine file, in a temporary copy of the
 * layout, is discovered by the same index generator and registered with no other edit: its OpenAPI
 * paths, its menu entry for the granted role, its `after` timer run by the worker and its
 * model-based transition coverage.
 */
describe.each(BACKENDS)('an entity discovered from its own files on %s', (backend) => {
  let dir: string;
  let registry: EntityRegistry;
  let declared: readonly DeclaredBundle[];
  let h: ApiHarness;
  beforeAll(async () => {
    mkdirSync(join(repo, '.tmp'), { recursive: true });
    dir = mkdtempSync(join(repo, '.tmp', 'entity-'));
    for (const [path, json] of Object.entries(FILES)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), JSON.stringify(json, null, 2));
    }
    mkdirSync(join(dir, 'workflows'), { recursive: true });
    for (const shared of ['meta.ts', 'machine-meta.ts']) copyFileSync(join(repo, 'workflows', shared), join(dir, 'workflows', shared));
    writeFileSync(join(dir, 'workflows/sample-check.machine.ts'), MACHINE);
    for (const [path, text] of generateDeclarationIndex(dir)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    declared = ((await import(join(dir, 'engine/generated/declarations.ts'))) as { DECLARED_BUNDLES: readonly DeclaredBundle[] }).DECLARED_BUNDLES;
    const { machines } = (await import(join(dir, 'workflows/index.ts'))) as { machines: Record<string, AnyStateMachine> };
    registry = createRegistry(declared, machines);
    h = await ApiHarness.startWith(backend, registry);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is registered with its machine, its timer included', () => {
    expect(declared.map((b) => b.files.entity)).toEqual(['schemas/sampleCheck/sampleCheck.entity.json']);
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
