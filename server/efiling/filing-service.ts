import { enumLabel, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { MAX_EFFECT_ATTEMPTS, retryDelaySeconds, type EffectHandler } from '../effects/runner.ts';
import { requeueEffect, type EffectRow } from '../effects/effects-repo.ts';
import { getRecord } from '../entities/records-repo.ts';
import type { EntityService } from '../entities/service.ts';
import { readSecret } from '../entities/secrets.ts';
import { buildCertificate } from './certificate.ts';
import { acceptedFor, logFilingExchange } from './exchanges-repo.ts';
import type { CertificateElement, RegulatorAdapter, SyncFailure } from './regulator.ts';

const ENTITY = 'cpscTrfInfo';
type Doc = Record<string, unknown>;

const blank = (v: unknown) => typeof v !== 'string' || !v.trim();
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Files certificates with the regulator: the `fileWithRegulator` effect of the e-filing machine
 * (workflows/e-filing.machine.ts), run by the effect worker in its claiming transaction after the
 * SEND_TO_REGULATOR transition committed. The importer's credentials are checked before any call
 * (missing or expired: refused, nothing sent); the certificate is built and sent once per record
 * version (its idempotency key); the answer comes back to the record as REGULATOR_ACCEPTED or
 * REGULATOR_REJECTED (server-only events) and every exchange is logged. A transient failure is
 * logged and tried again with the outbox's backoff; after the last attempt the filing is refused
 * as unreachable.
 */
export class FilingService {
  constructor(
    private readonly registry: EntityRegistry,
    private readonly service: EntityService,
    private readonly adapter: () => RegulatorAdapter,
  ) {}

  handler(): EffectHandler {
    return {
      accepts: (machine) => (machine === 'eFiling' ? undefined : `only the e-filing machine files with the regulator (not '${machine}')`),
      run: (tx, effect) => this.file(tx, effect),
    };
  }

  private async file(tx: Queryable, effect: EffectRow): Promise<void> {
    const reg = this.registry.get(ENTITY);
    const record = await getRecord(tx, reg, effect.subjectId, { all: true }, true);
    if (!record || record.states.$status !== 'sending') return;
    const key = `${record.id}:v${record.version}`;
    const actor = record.createdBy;
    const reject = async (failure: SyncFailure, missing: CertificateElement[], reason: string) => {
      await this.service.sendInside(tx, reg, record.id, { type: 'REGULATOR_REJECTED', payload: { reason: reason.slice(0, 500) || failure, syncFailure: failure, missingElements: missing } }, actor);
    };
    const accept = async (referenceNo: string, versionId: string) => {
      await this.service.sendInside(tx, reg, record.id, { type: 'REGULATOR_ACCEPTED', payload: { referenceNo, versionId, filedAt: new Date().toISOString() } }, actor);
    };
    // Already filed under this key (the answer was logged): apply it, never send again.
    const filed = await acceptedFor(tx, key);
    if (filed) {
      const answer = JSON.parse(filed.response.replace(/^\d+ /, '')) as { referenceNo: string; versionId: string };
      return accept(answer.referenceNo, answer.versionId);
    }
    const importerId = typeof record.doc.importerCustomerId === 'string' ? record.doc.importerCustomerId : '';
    const importer = importerId ? (await tx.query<{ doc: Doc }>('select doc from records where id = $1', [importerId])).rows[0]?.doc : undefined;
    const secretKey = importer ? await readSecret(tx, importerId, 'secretKey') : undefined;
    const refusedBeforeCall = async (failure: SyncFailure, why: string) => {
      await logFilingExchange(tx, { filingId: record.id, idempotencyKey: key, kind: 'refusedBeforeCall', request: '', response: why, ok: false, outcome: failure });
      await reject(failure, [], why);
    };
    if (!importer || !secretKey || blank(importer.token) || blank(importer.expiringDate) || blank(importer.certifierId)) {
      return refusedBeforeCall('keyMissing', 'the importer has no secret key, token, expiring date or certifier id');
    }
    if (String(importer.expiringDate).slice(0, 10) < today()) return refusedBeforeCall('keyExpired', `the key expired on ${String(importer.expiringDate)}`);
    const certificate = await buildCertificate(tx, record.doc, importer);
    const result = await this.adapter().submit(certificate, { certifierId: String(importer.certifierId), secretKey, token: String(importer.token) }, key);
    const outcome = result.kind === 'accepted' ? 'accepted' : result.kind === 'rejected' ? result.failure : 'transient';
    const attempt = Number(effect.params.attempt ?? 1);
    await logFilingExchange(tx, { filingId: record.id, idempotencyKey: key, kind: result.kind === 'transient' ? 'retry' : 'submit', ...result.exchange, ok: result.kind === 'accepted', outcome });
    if (result.kind === 'accepted') return accept(result.referenceNo, result.versionId);
    if (result.kind === 'rejected') return reject(result.failure, result.missing, result.detail);
    if (attempt >= MAX_EFFECT_ATTEMPTS) return reject('unreachable', [], `${result.detail} (attempt ${attempt})`);
    // Logged, and tried again later with the outbox's backoff under the same key.
    await requeueEffect(tx, effect, { ...effect.params, attempt: attempt + 1 }, retryDelaySeconds(attempt));
  }
}

/** A sync failure as the user reads it (SPEC §8): the failure's label and, when fields are missing, their names. */
export function syncFailureMessage(registry: EntityRegistry, failure: string, missing: readonly string[], lang: Language): string {
  const props = registry.get(ENTITY).schema.properties;
  const head = enumLabel(props.syncFailure, failure, lang);
  const names = missing.map((m) => enumLabel(props.missingElements, m, lang));
  return names.length ? `${head}${lang === 'zh-CN' ? '：' : ': '}${names.join(lang === 'zh-CN' ? '、' : ', ')}` : head;
}
