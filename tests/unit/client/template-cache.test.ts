import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TemplateApi } from '../../../renderers/designer/template-api.ts';
import { entityKeys } from '../../../renderers/env/query-keys.ts';
import { settingKeys, templateKeys } from '../../../src/api/query-keys.ts';
import { withTemplateInvalidation } from '../../../src/api/template-cache.ts';
import { invalidatedKeys, keyList } from '../../support/query-cache.ts';

/** A template API whose every call answers at once (the invalidation is what is tested). */
const METHODS = ['list', 'create', 'get', 'version', 'save', 'publish', 'newVersion', 'diff', 'previewMigration', 'runMigration', 'importBundle'] as const;
const answering = Object.fromEntries(METHODS.map((m) => [m, () => Promise.resolve({})])) as unknown as TemplateApi;

function seeded(): QueryClient {
  const queries = new QueryClient();
  for (const key of [
    templateKeys.all,
    templateKeys.page({ page: 1, pageSize: 20 }),
    templateKeys.summary('TPL-A', 'zh-CN'),
    templateKeys.version('TPL-A', 1),
    templateKeys.summary('TPL-B', 'zh-CN'),
    settingKeys.settings,
    entityKeys.list('TPL-A', { page: 1, pageSize: 20, filters: {} }),
  ])
    queries.setQueryData(key, {});
  return queries;
}


describe('template changes invalidate what they change', () => {
  it('publishing a version: the template lists and that template, not other templates or the settings', async () => {
    const queries = seeded();
    await withTemplateInvalidation(answering, queries).publish('TPL-A', 1);
    expect(invalidatedKeys(queries)).toEqual(keyList(templateKeys.all, templateKeys.page({ page: 1, pageSize: 20 }), templateKeys.summary('TPL-A', 'zh-CN'), templateKeys.version('TPL-A', 1)));
  });

  it('a migration also makes the template’s records load again', async () => {
    const queries = seeded();
    await withTemplateInvalidation(answering, queries).runMigration('TPL-A', 1, 2, false);
    expect(invalidatedKeys(queries)).toContain(JSON.stringify(entityKeys.list('TPL-A', { page: 1, pageSize: 20, filters: {} })));
  });

  it('reading changes nothing', async () => {
    const queries = seeded();
    const api = withTemplateInvalidation(answering, queries);
    await api.get('TPL-A');
    await api.diff('TPL-A', 1);
    expect(invalidatedKeys(queries)).toEqual([]);
  });
});
