import { enumLabel, type EntityRegistry, type Language } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { MAX_EFFECT_ATTEMPTS, retryDelaySeconds, type EffectHandler } from '../effects/runner.ts';
import { requeueEffect, type EffectRow } from '../effects/effects-repo.ts';
import { getRecord } from '../entities/records-repo.ts';
import type { EntityService } from '../entities/service.ts';
import { readSecret } from '../entities/secrets.ts';
import { buildCertificate } from './certificate.ts';
import { acceptedFor, logFilingExchange } from './exchanges-repo.ts';
import type { CertificateElement, RegulatorAdapter, SubmitResult, SyncFailure } from './regulator.ts';

const ENTITY = 'cpscTrfInfo';
type Doc = Record<string, unknown>;

const blank = (v: unknown) => typeof v !== 'string' || !v.trim();
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Files certificates with the regulator: the `fileWithRegulator` effect of the e-filing machine
 * (workflows/e-filing.machine.ts), run by the effect worker after the SEND_TO_REGULATOR transition
 * committed — the call with no transaction open (the effect leased), its answer applied in a
 * transaction of its own. The importer's credentials are checked before any call
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

  handler(): EffectHandler<Filing | undefined> {
    return {
      accepts: (machine) => (machine === 'eFiling' ? undefined : `only the e-filing machine files with the regulator (not '${machine}')`),
      call: (db, effect) => this.submit(db, effect),
      run: (tx, effect, filing) => this.apply(tx, effect, filing),
    };
  }

  /**
   * Outside any transaction (the effect is leased): reads the filing and its importer, checks the
   * credentials, and sends the certificate — or finds it was filed already under this version's key.
   * Undefined when the filing is no longer being sent.
   */
  private async submit(db: Queryable, effect: EffectRow): Promise<Filing | undefined> {
    const record = await getRecord(db, this.registry.get(ENTITY), effect.subjectId, { all: true });
    if (!record || record.states.$status !== 'sending') return undefined;
    const key = `${record.id}:v${record.version}`;
    const at = { version: record.version, key };
    // Already filed under this key (the answer was logged): apply it, never send again.
    const filed = await acceptedFor(db, key);
    if (filed) {
      const answer = JSON.parse(filed.response.replace(/^\d+ /, '')) as { referenceNo: string; versionId: string };
      return { ...at, kind: 'filed', ...answer };
    }
    const importerId = typeof record.doc.importerCustomerId === 'string' ? record.doc.importerCustomerId : '';
    const importer = importerId ? (await db.query<{ doc: Doc }>('select doc from records where id = $1', [importerId])).rows[0]?.doc : undefined;
    const secretKey = importer ? await readSecret(db, importerId, 'secretKey') : undefined;
    if (!importer || !secretKey || blank(importer.token) || blank(importer.expiringDate) || blank(importer.certifierId)) {
      return { ...at, kind: 'refused', failure: 'keyMissing', why: 'the importer has no secret key, token, expiring date or certifier id' };
    }
    if (String(importer.expiringDate).slice(0, 10) < today()) return { ...at, kind: 'refused', failure: 'keyExpired', why: `the key expired on ${String(importer.expiringDate)}` };
    const certificate = await buildCertificate(db, record.doc, importer);
    const result = await this.adapter().submit(certificate, { certifierId: String(importer.certifierId), secretKey, token: String(importer.token) }, key);
    return { ...at, kind: 'submitted', result };
  }

  /** In the worker's second transaction: logs the exchange and moves the filing by the answer. */
  private async apply(tx: Queryable, effect: EffectRow, filing: Filing | undefined): Promise<void> {
    if (!filing) return;
    const reg = this.registry.get(ENTITY);
    const record = await getRecord(tx, reg, effect.subjectId, { all: true }, true);
    const current = record?.states.$status === 'sending' && record.version === filing.version;
    const { key } = filing;
    if (filing.kind === 'submitted') {
      const { result } = filing;
      const outcome = result.kind === 'accepted' ? 'accepted' : result.kind === 'rejected' ? result.failure : 'transient';
      await logFilingExchange(tx, { filingId: effect.subjectId, idempotencyKey: key, kind: result.kind === 'transient' ? 'retry' : 'submit', ...result.exchange, ok: result.kind === 'accepted', outcome });
    } else if (filing.kind === 'refused' && current) {
      await logFilingExchange(tx, { filingId: effect.subjectId, idempotencyKey: key, kind: 'refusedBeforeCall', request: '', response: filing.why, ok: false, outcome: filing.failure });
    }
    // Moved on while the call was out (withdrawn, or a newer version): the answer is logged, not applied.
    if (!record || !current) return;
    // The regulator's answer is recorded as the sender's (who sent it: the audit's last SEND_TO_REGULATOR),
    // not as the maker's of the certificate (the applicant, for one made from a TRF).
    const sender = await tx.query<{ actor_id: string | null }>(
      "select actor_id from audit where entity = $1 and record_id = $2 and event = 'SEND_TO_REGULATOR' order by id desc limit 1",
      [ENTITY, record.id],
    );
    const actor = sender.rows[0]?.actor_id ?? record.createdBy;
    const reject = (failure: SyncFailure, missing: CertificateElement[], reason: string) =>
      this.service.sendInside(tx, reg, record.id, { type: 'REGULATOR_REJECTED', payload: { reason: reason.slice(0, 500) || failure, syncFailure: failure, missingElements: missing } }, actor);
    const accept = (referenceNo: string, versionId: string) =>
      this.service.sendInside(tx, reg, record.id, { type: 'REGULATOR_ACCEPTED', payload: { referenceNo, versionId, filedAt: new Date().toISOString() } }, actor);
    if (filing.kind === 'filed') return void (await accept(filing.referenceNo, filing.versionId));
    if (filing.kind === 'refused') return void (await reject(filing.failure, [], filing.why));
    const { result } = filing;
    if (result.kind === 'accepted') return void (await accept(result.referenceNo, result.versionId));
    if (result.kind === 'rejected') return void (await reject(result.failure, result.missing, result.detail));
    const attempt = Number(effect.params.attempt ?? 1);
    if (attempt >= MAX_EFFECT_ATTEMPTS) return void (await reject('unreachable', [], `${result.detail} (attempt ${attempt})`));
    // Logged, and tried again later with the outbox's backoff under the same key.
    await requeueEffect(tx, effect, { ...effect.params, attempt: attempt + 1 }, retryDelaySeconds(attempt));
  }
}

/** What the outside call of a filing found, handed to the transaction that applies it. */
type Filing = { version: number; key: string } & (
  | { kind: 'filed'; referenceNo: string; versionId: string }
  | { kind: 'refused'; failure: SyncFailure; why: string }
  | { kind: 'submitted'; result: SubmitResult }
);

/** A sync failure as the user reads it (SPEC §8): the failure's label and, when fields are missing, their names. */
export function syncFailureMessage(registry: EntityRegistry, failure: string, missing: readonly string[], lang: Language): string {
  const props = registry.get(ENTITY).schema.properties;
  const head = enumLabel(props.syncFailure, failure, lang);
  const names = missing.map((m) => enumLabel(props.missingElements, m, lang));
  return names.length ? `${head}${lang === 'zh-CN' ? '：' : ': '}${names.join(lang === 'zh-CN' ? '、' : ', ')}` : head;
}
