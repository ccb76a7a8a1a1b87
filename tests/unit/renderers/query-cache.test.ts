import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { EntityRecord } from '../../../engine/api-contract.ts';
import { createQueryClient, isRetryable, shouldRetry } from '../../../renderers/env/query-client.ts';
import { entityKeys, lookupKey } from '../../../renderers/env/query-keys.ts';
import { recordChanged, recordRemoved } from '../../../renderers/env/record-cache.ts';
import { invalidatedKeys, keyList } from '../../support/query-cache.ts';

const record = (id: string, version: number, status: string): EntityRecord =>
  ({ id, entity: 'trf', doc: { title: id }, snapshot: null, version, states: { $status: status }, templateVersion: null }) as unknown as EntityRecord;

const LIST = { page: 1, pageSize: 20, filters: {} };
const FILTERED = { page: 1, pageSize: 1, filters: { $status: 'draft' } };

/** A cache holding a TRF's lists and records, a gadget list and a lookup, all loaded and fresh. */
function seeded(): QueryClient {
  const queries = new QueryClient();
  const put = (key: readonly unknown[], value: unknown) => queries.setQueryData(key, value);
  put(entityKeys.list('trf', LIST), { items: [record('r1', 1, 'draft')], total: 1 });
  put(entityKeys.list('trf', FILTERED), { items: [], total: 1 });
  put(entityKeys.record('trf', 'r1'), record('r1', 1, 'draft'));
  put(entityKeys.history('trf', 'r1'), []);
  put(entityKeys.dff('trf', 'r1'), { dff: {} });
  put(entityKeys.record('trf', 'r2'), record('r2', 1, 'draft'));
  put(entityKeys.history('trf', 'r2'), []);
  put(entityKeys.list('gadget', LIST), { items: [], total: 0 });
  put(lookupKey('companies', 'zh-CN'), []);
  return queries;
}


describe('query keys', () => {
  it('are structured so that a prefix names a family', () => {
    expect(entityKeys.list('trf', LIST)).toEqual(['entity', 'trf', 'list', LIST]);
    expect(entityKeys.list('trf', LIST).slice(0, 3)).toEqual([...entityKeys.lists('trf')]);
    expect(entityKeys.lists('trf').slice(0, 2)).toEqual([...entityKeys.entity('trf')]);
    expect(entityKeys.history('trf', 'r1').slice(0, 4)).toEqual([...entityKeys.record('trf', 'r1')]);
    expect(entityKeys.dff('trf', 'r1').slice(0, 4)).toEqual([...entityKeys.record('trf', 'r1')]);
  });

  it('put the language into a lookup key: its options are labelled in it', () => {
    expect(lookupKey('companies', 'zh-CN')).not.toEqual(lookupKey('companies', 'en-US'));
  });

  it('are the same for the same list params, whatever the order they were written in', () => {
    const queries = new QueryClient();
    queries.setQueryData(entityKeys.list('trf', { page: 2, pageSize: 10, filters: { a: '1', b: '2' } }), 'page 2');
    expect(queries.getQueryData(entityKeys.list('trf', { filters: { b: '2', a: '1' }, pageSize: 10, page: 2 }))).toBe('page 2');
  });
});

describe('invalidation after a mutation', () => {
  it('a changed record is shown at once; its lists, history and DFF data load again, nothing else', async () => {
    const queries = seeded();
    const next = record('r1', 2, 'submitted');
    await recordChanged(queries, 'trf', next);
    expect(queries.getQueryData(entityKeys.record('trf', 'r1'))).toEqual(next);
    expect(invalidatedKeys(queries)).toEqual(
      keyList(entityKeys.list('trf', LIST), entityKeys.list('trf', FILTERED), entityKeys.history('trf', 'r1'), entityKeys.dff('trf', 'r1')),
    );
  });

  it('a removed record leaves the cache with its history; its entity’s lists load again', async () => {
    const queries = seeded();
    await recordRemoved(queries, 'trf', 'r1');
    expect(queries.getQueryData(entityKeys.record('trf', 'r1'))).toBeUndefined();
    expect(queries.getQueryData(entityKeys.history('trf', 'r1'))).toBeUndefined();
    expect(queries.getQueryData(entityKeys.record('trf', 'r2'))).toBeDefined();
    expect(invalidatedKeys(queries)).toEqual(keyList(entityKeys.list('trf', LIST), entityKeys.list('trf', FILTERED)));
  });

  it('a list being shown loads again after an action on one of its records', async () => {
    const queries = createQueryClient();
    let status = 'draft';
    const loads: string[] = [];
    const list = () => {
      loads.push(status);
      return Promise.resolve({ items: [record('r1', 1, status)], total: 1 });
    };
    // A page showing the list observes its query; an observed query loads again when invalidated.
    const observer = new QueryObserver(queries, { queryKey: entityKeys.list('trf', LIST), queryFn: list });
    const unsubscribe = observer.subscribe(() => undefined);
    await observer.refetch();
    status = 'submitted';
    await recordChanged(queries, 'trf', record('r1', 2, 'submitted'));
    unsubscribe();
    expect(loads).toEqual(['draft', 'submitted']);
    expect(observer.getCurrentResult().data?.items[0]?.states.$status).toBe('submitted');
  });
});

describe('retries', () => {
  it('retry a network failure, a timeout or a server error once', () => {
    for (const code of [0, 500, 503]) {
      const error = { code, message: 'failed' };
      expect(isRetryable(error)).toBe(true);
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(false);
    }
  });

  it('never retry a refusal: a 4xx stays as it is (a 401 ends the session at once)', () => {
    for (const code of [400, 401, 403, 404, 409]) expect(shouldRetry(0, { code, message: 'refused' })).toBe(false);
  });

  it('are the defaults of the app’s query client; mutations are never repeated', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(shouldRetry);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
