import type { ListParams } from './data-provider.ts';

/**
 * The query keys of the renderers' server data (TanStack Query), structured so that a prefix
 * names a family: `entity(name)` is everything about an entity, `lists(name)` every page of its
 * list (the dashboard's counts included), `record(name, id)` one record with its history and DFF
 * data beneath it. Mutations invalidate by these prefixes (record-cache.ts).
 */
export const entityKeys = {
  entity: (entity: string) => ['entity', entity] as const,
  lists: (entity: string) => ['entity', entity, 'list'] as const,
  list: (entity: string, params: ListParams & { party?: string; list?: string }) => ['entity', entity, 'list', params] as const,
  record: (entity: string, id: string) => ['entity', entity, 'record', id] as const,
  history: (entity: string, id: string) => ['entity', entity, 'record', id, 'history'] as const,
  /** The DFF record shown with a record (a TRF's template data): saving the record changes it too. */
  dff: (entity: string, id: string) => ['entity', entity, 'record', id, 'dff'] as const,
};

/** A lookup source's options are labelled in the request's language: the language is part of the key. */
export const lookupKey = (name: string, lang: string, context?: Readonly<Record<string, string>>) =>
  (context && Object.keys(context).length ? (['lookup', name, lang, context] as const) : (['lookup', name, lang] as const));
