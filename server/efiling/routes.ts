import type { FastifyInstance, FastifySchema } from 'fastify';
import { text, type EntityRegistry, type Language } from '../../engine/index.ts';
import { currentUser } from '../auth/session-hook.ts';
import type { Database } from '../db/database.ts';
import type { EntityService } from '../entities/service.ts';
import { ok, requestLanguage } from '../http/errors.ts';
import { answers, pathParams } from '../http/route-schemas.ts';
import { exchangesOfFiling } from './exchanges-repo.ts';
import { syncFailureMessage } from './filing-service.ts';

const TAGS = ['efiling'];
const schema = (s: FastifySchema & { tags: string[] }): FastifySchema => s;

const EXCHANGE = {
  type: 'object',
  required: ['id', 'at', 'kind', 'ok', 'outcome', 'message', 'request', 'response'],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string' },
    kind: { type: 'string' },
    ok: { type: 'boolean' },
    outcome: { type: 'string' },
    message: { type: 'string' },
    request: { type: 'string' },
    response: { type: 'string' },
  },
};

/**
 * The certificate's exchanges with the regulator (its log beside the history): who may read the
 * certificate reads them, each with its outcome in the request language (SPEC §8).
 */
export function efilingRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, service: EntityService): void {
  app.get<{ Params: { id: string } }>(
    '/api/efiling/filings/:id/exchanges',
    { schema: schema({ tags: TAGS, params: pathParams('id'), response: answers({ type: 'array', items: EXCHANGE }) }) },
    async (req) => {
      const lang = requestLanguage(req);
      const filing = await service.get(registry.get('cpscTrfInfo'), req.params.id, currentUser(req));
      const rows = await exchangesOfFiling(db, filing.id);
      return ok(
        rows.map((r) => ({
          id: r.id,
          at: r.at,
          kind: r.kind,
          ok: r.ok,
          outcome: r.outcome,
          message: exchangeMessage(registry, r, lang),
          request: r.request,
          response: r.response,
        })),
      );
    },
  );
}

/** What an exchange came to, in the language: accepted, the §8 failure with the missing fields by name, or a transient error's detail. */
function exchangeMessage(registry: EntityRegistry, r: { ok: boolean; outcome: string; response: string }, lang: Language): string {
  if (r.ok) return text(registry.get('cpscTrfInfo').entity.actions?.REGULATOR_ACCEPTED?.label, lang, r.outcome);
  if (r.outcome === 'transient') return r.response;
  return syncFailureMessage(registry, r.outcome, missingOf(r.response), lang);
}

/** The missing elements a refusal named (the emulator's and the regulator's 422 body). */
function missingOf(response: string): string[] {
  try {
    const body = JSON.parse(response.replace(/^\d+ /, '')) as { missing?: unknown };
    return Array.isArray(body.missing) ? body.missing.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}
