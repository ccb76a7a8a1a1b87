import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../auth/session-hook.ts';
import type { Certificate, CertificateElement } from './regulator.ts';

/**
 * A local emulator of the regulator's certificate API (dev and test only; docs/efiling.md): it
 * checks the request's credentials and the certificate's required elements (by type: Full,
 * Reference, Disclaim; a children's product needs the 4-digit CPSC lab id), answers a reference
 * no. and a version id (a filing filed again gets the next version), answers a repeated
 * Idempotency-Key with its first answer without filing again, and can be told to fail.
 */
export type EmulatorFailure = 'expiredKey' | 'missingElement' | 'serverError' | 'timeout';

/** Requests per minute and client the emulator takes (public, like the regulator's API). */
const EMULATOR_RATE = 300;

const REQUIRED: Record<Certificate['type'], CertificateElement[]> = {
  full: ['productIds', 'citations', 'certifierId', 'manufacturer', 'lab', 'manufactureDate', 'manufacturePlace', 'lastTestDate', 'testPlace', 'pointOfContact'],
  reference: ['productIds', 'certifierId', 'referenceCertifierId', 'referenceProductId', 'referenceVersionId'],
  disclaim: ['productIds', 'certifierId', 'pointOfContact'],
};

/** The required elements a certificate lacks. */
export function missingElements(c: Partial<Certificate>): CertificateElement[] {
  const has: Record<CertificateElement, boolean> = {
    productIds: Array.isArray(c.productIds) && c.productIds.length > 0,
    citations: Array.isArray(c.citations) && c.citations.length > 0,
    certifierId: Boolean(c.certifierId),
    manufacturer: Boolean(c.manufacturer?.name),
    lab: Boolean(c.lab?.name),
    cpscLabId: /^\d{4}$/.test(c.lab?.cpscLabId ?? ''),
    manufactureDate: Boolean(c.manufacture?.date),
    manufacturePlace: Boolean(c.manufacture?.place),
    lastTestDate: Boolean(c.testing?.date),
    testPlace: Boolean(c.testing?.place),
    pointOfContact: Boolean(c.pointOfContact?.name),
    referenceCertifierId: Boolean(c.reference?.certifierId),
    referenceProductId: Boolean(c.reference?.productId),
    referenceVersionId: Boolean(c.reference?.versionId),
  };
  const type = c.type && c.type in REQUIRED ? c.type : 'full';
  const required = [...REQUIRED[type], ...(type === 'full' && c.childrensProduct ? (['cpscLabId'] as const) : [])];
  return required.filter((e) => !has[e]);
}

export class RegulatorEmulator {
  /** Certificates filed (not counting answers replayed for a repeated key). */
  filings = 0;
  /** Every request received, newest last (tests read what was sent). */
  readonly received: { idempotencyKey: string; certificate: Partial<Certificate> }[] = [];
  private readonly answers = new Map<string, { status: number; body: Record<string, unknown> }>();
  private readonly versions = new Map<string, number>();
  private readonly failures: EmulatorFailure[] = [];
  private sequence = 0;
  /**
   * Run while a certificate is in flight, before it is answered: what the portal can do during
   * the regulator's latency (a test checks it can still write to its database meanwhile).
   */
  whileInFlight?: () => Promise<void>;

  /** How long the emulator stalls when told to time out (longer than the adapter waits). */
  constructor(readonly stallMs = 1500) {}

  /** The next requests fail this way, in order (one per call). */
  failNext(...failures: EmulatorFailure[]): void {
    this.failures.push(...failures);
  }

  private answer(key: string, certificate: Partial<Certificate>, failure: EmulatorFailure | undefined): { status: number; body: Record<string, unknown> } {
    if (failure === 'expiredKey') return { status: 401, body: { error: 'KEY_EXPIRED' } };
    const missing = missingElements(certificate);
    if (failure === 'missingElement' && !missing.length) missing.push('testPlace');
    if (missing.length) return { status: 422, body: { error: 'MISSING_ELEMENTS', missing } };
    const filingNo = String(certificate.filingNo ?? key);
    const version = (this.versions.get(filingNo) ?? 0) + 1;
    this.versions.set(filingNo, version);
    this.filings++;
    this.sequence++;
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    return { status: 201, body: { referenceNo: `EMU-CPSC-${day}-${String(this.sequence).padStart(6, '0')}`, versionId: String(version) } };
  }

  routes(scope: FastifyInstance): void {
    scope.post('/v1/certificates', publicRoute(EMULATOR_RATE), async (req, reply) => {
      const key = String(req.headers['idempotency-key'] ?? '');
      const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const certifier = String(req.headers['x-certifier-id'] ?? '');
      const signature = String(req.headers['x-signature'] ?? '');
      let certificate: Partial<Certificate>;
      try {
        certificate = JSON.parse(typeof req.body === 'string' ? req.body : '{}') as Partial<Certificate>;
      } catch {
        return reply.status(400).send({ error: 'MALFORMED_CERTIFICATE' });
      }
      this.received.push({ idempotencyKey: key, certificate });
      await this.whileInFlight?.();
      const failure = this.failures.shift();
      if (failure === 'serverError') return reply.status(503).send({ error: 'SERVICE_UNAVAILABLE' });
      if (failure === 'timeout') {
        await new Promise((resolve) => setTimeout(resolve, this.stallMs));
        return reply.status(503).send({ error: 'TIMEOUT' });
      }
      if (!key || !token || !certifier || !/^[0-9a-f]{64}$/.test(signature)) return reply.status(401).send({ error: 'UNAUTHORIZED' });
      const replayed = this.answers.get(key);
      if (replayed) return reply.status(replayed.status === 201 ? 200 : replayed.status).send({ ...replayed.body, replayed: true });
      const answer = this.answer(key, certificate, failure);
      // Only a filed certificate is remembered: a refusal is answered afresh once corrected.
      if (answer.status === 201) this.answers.set(key, answer);
      return reply.status(answer.status).send(answer.body);
    });
  }
}

/** Mounts the emulator at `/sandbox/cpsc`; bodies reach it as the raw text the signature covers. */
export async function mountEmulator(app: FastifyInstance, emulator: RegulatorEmulator): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      emulator.routes(scope);
    },
    { prefix: '/sandbox/cpsc' },
  );
}
