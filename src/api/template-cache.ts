import { useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TemplateApi } from '../../renderers/designer/template-api.ts';
import { entityKeys } from '../../renderers/env/query-keys.ts';
import { templateKeys } from './query-keys.ts';
import { templateApi } from './templates.ts';

/** What a change to template `code` makes stale: every list of templates and that template's summary and versions. */
export function templateChanged(queries: QueryClient, code: string): Promise<unknown> {
  return Promise.all([queries.invalidateQueries({ queryKey: templateKeys.lists }), queries.invalidateQueries({ queryKey: templateKeys.one(code) })]);
}

/**
 * The designer's template calls, each change followed by the invalidation of what it changed:
 * creating, saving, publishing, a new version or an import change the template lists and the
 * template; a migration also changes the template's records (its entity's lists and records).
 * The invalidation runs beside the caller (the designer does not wait for lists to load again).
 */
export function withTemplateInvalidation(api: TemplateApi, queries: QueryClient): TemplateApi {
  const after =
    <A extends [string, ...unknown[]], R>(call: (...args: A) => Promise<R>, alsoRecords = false) =>
    async (...args: A): Promise<R> => {
      const answer = await call(...args);
      void templateChanged(queries, args[0]);
      if (alsoRecords) void queries.invalidateQueries({ queryKey: entityKeys.entity(args[0]) });
      return answer;
    };
  return {
    ...api,
    create: after(api.create),
    save: after(api.save),
    publish: after(api.publish),
    newVersion: after(api.newVersion),
    importBundle: after(api.importBundle),
    runMigration: after(api.runMigration, true),
  };
}

/** The portal's template API, invalidating the query cache after each change. */
export function useTemplateApi(): TemplateApi {
  const queries = useQueryClient();
  return useMemo(() => withTemplateInvalidation(templateApi, queries), [queries]);
}
