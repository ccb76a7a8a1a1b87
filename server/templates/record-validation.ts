import { createHash } from 'node:crypto';
import type { ValidationError as ErrorObject } from '../../engine/validate/record-validators.ts';
import type { EntitySchema, Language } from '../../engine/declaration/types.ts';
import type { RegisteredEntity } from '../../engine/registry.ts';
import type { TemplateCheck } from '../../engine/templates/check-template.ts';
import { ApiError } from '../http/errors.ts';
import { JobPool, type JobLimits } from '../jobs/pool.ts';

/**
 * The template lane: where template records are validated (issue 52). A published template's
 * schema is a designer's outside input, and compiling it may take seconds (2,000 fields: 3–8 s on
 * this machine), so the server never compiles one on its request thread: a worker thread of its
 * own compiles each version once (engine/validate/record-validators.ts, server/templates/template-jobs.ts
 * `validateRecordsJob`) and the documents go to it — a round trip of well under a millisecond
 * for a typical record. Static entities, declared by developers, validate in place.
 *
 * One lane per process, shared by its apps, started on first use and closed with them
 * (`closeTemplateLane`). Its own pool, apart from the job pool, so that a save never queues behind
 * a PDF or an export: one thread (a template's validators live in the worker that compiled them),
 * a deep queue (saves are small), the job pool's time and memory limits otherwise.
 */
const LANE_LIMITS: Partial<JobLimits> = { threads: 1, maxQueue: 512, heapMb: 512, timeMs: 30_000 };
/** Documents sent in one job (a migration validates every stored record). */
const BATCH = 200;

let lane: JobPool | undefined;
const keys = new WeakMap<EntitySchema, string>();

const laneOf = (): JobPool => (lane ??= new JobPool(LANE_LIMITS));

/** Whether the lane takes a validation now (started on demand: true until it is, and while its queue has room). */
export const templateLaneAccepting = (): boolean => lane?.accepting ?? true;

/** Ends the lane's thread (app close); the next validation starts a new one. */
export async function closeTemplateLane(): Promise<void> {
  const closing = lane;
  lane = undefined;
  await closing?.close();
}

/** A schema's key in the lane: its hash, so two apps or databases with the same template code never share a wrong validator. */
function keyOf(schema: EntitySchema): string {
  let key = keys.get(schema);
  if (!key) keys.set(schema, (key = createHash('sha256').update(JSON.stringify(schema)).digest('base64url')));
  return key;
}

async function inLane(schema: EntitySchema, draft: boolean, docs: unknown[]): Promise<(ErrorObject[] | null)[]> {
  const key = keyOf(schema);
  const crashed = () => new ApiError(400, 'VALIDATION_FAILED', {});
  let answer = await laneOf().run('validateRecords', { key, draft, docs }, { crashed });
  if ('missing' in answer) answer = await laneOf().run('validateRecords', { key, schema, draft, docs }, { crashed });
  if ('missing' in answer) throw new Error('the template lane lost a schema it was just sent');
  return answer.errors;
}

/** The errors of each document against a template schema (a published version's or a draft's), in the lane (null: valid). */
export async function schemaErrors(schema: EntitySchema, docs: readonly unknown[], draft: boolean): Promise<(ErrorObject[] | null)[]> {
  const out: (ErrorObject[] | null)[] = [];
  for (let i = 0; i < docs.length; i += BATCH) out.push(...(await inLane(schema, draft, docs.slice(i, i + BATCH))));
  return out;
}

/** A template bundle's checks (engine/templates/check-template.ts), in the lane: for callers without the job pool (a migration to a draft). */
export function checkInLane(bundle: unknown, lang: Language): Promise<TemplateCheck> {
  return laneOf().run('checkTemplate', { bundle, lang });
}

/**
 * The errors of each document against the entity's schema (null: valid); `draft` leaves out
 * `required`. Template versions are validated in the lane, static entities here.
 */
export async function recordErrors(reg: RegisteredEntity, docs: readonly unknown[], draft: boolean): Promise<(ErrorObject[] | null)[]> {
  if (reg.templateVersion === undefined) {
    const validate = draft ? reg.validateDraft : reg.validate;
    return docs.map((doc) => (validate(doc) ? null : [...(validate.errors ?? [])]));
  }
  return schemaErrors(reg.schema, docs, draft);
}

/** One document's errors (null: valid). */
export async function documentErrors(reg: RegisteredEntity, doc: unknown, draft: boolean): Promise<ErrorObject[] | null> {
  return (await recordErrors(reg, [doc], draft))[0] ?? null;
}

/**
 * Compiles a template schema's validators in the lane (publishing: a version joins the registry
 * only once they compile, and its first record then finds them compiled); ajv's refusal comes back
 * as the job's failure, `crashed`.
 */
export async function compileInLane(schema: EntitySchema, crashed: () => ApiError): Promise<void> {
  await laneOf().run('validateRecords', { key: keyOf(schema), schema, draft: false, docs: [] }, { crashed });
}
