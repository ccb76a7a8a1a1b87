import { createHmac } from 'node:crypto';
import { isElement, type Certificate, type RegulatorAdapter, type RegulatorCredentials, type SubmitResult } from './regulator.ts';

/**
 * The adapter for the regulator's certificate API (docs/efiling.md "Protocol"): one signed
 * request per filing, `POST {baseUrl}/v1/certificates`, with the importer's token as a bearer,
 * the certifier id, an HMAC-SHA256 of the body under the secret key, and an Idempotency-Key so a
 * retry never files the same version twice. Network failures, timeouts and 5xx answers are
 * transient (retried by the outbox); the others are mapped to SPEC §8's conditions.
 */
export interface CpscApiConfig {
  baseUrl: string;
  /** How long one call may take (SPEC §9: 40 s). */
  timeoutMs: number;
}

export function signBody(secretKey: string, idempotencyKey: string, body: string): string {
  return createHmac('sha256', secretKey).update(`${idempotencyKey}\n${body}`).digest('hex');
}

export function createCpscApi(config: CpscApiConfig, fetchImpl: typeof fetch): RegulatorAdapter {
  return {
    async submit(certificate: Certificate, credentials: RegulatorCredentials, idempotencyKey: string): Promise<SubmitResult> {
      const body = JSON.stringify(certificate);
      const request = `POST /v1/certificates (Idempotency-Key: ${idempotencyKey})\n${body}`;
      let res: Response;
      let text: string;
      try {
        res = await fetchImpl(`${config.baseUrl}/v1/certificates`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${credentials.token}`,
            'x-certifier-id': credentials.certifierId,
            'x-signature': signBody(credentials.secretKey, idempotencyKey, body),
            'idempotency-key': idempotencyKey,
          },
          body,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        text = await res.text();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        const detail = timedOut ? `no answer within ${config.timeoutMs} ms` : `network error: ${err instanceof Error ? err.message : String(err)}`;
        return { kind: 'transient', detail, exchange: { request, response: detail } };
      }
      const exchange = { request, response: `${res.status} ${text}`.slice(0, 20_000) };
      let answer: Record<string, unknown> = {};
      try {
        answer = JSON.parse(text) as Record<string, unknown>;
      } catch {
        answer = {};
      }
      if (res.status >= 500) return { kind: 'transient', detail: `regulator error ${res.status}`, exchange };
      if (res.ok && typeof answer.referenceNo === 'string' && typeof answer.versionId === 'string') {
        return { kind: 'accepted', referenceNo: answer.referenceNo, versionId: answer.versionId, exchange };
      }
      const error = String(answer.error ?? '');
      if (res.status === 422 && error === 'MISSING_ELEMENTS') {
        const missing = Array.isArray(answer.missing) ? answer.missing.filter(isElement) : [];
        return { kind: 'rejected', failure: 'missingElements', missing, detail: `missing: ${missing.join(', ')}`, exchange };
      }
      if (res.status === 401 && error === 'KEY_EXPIRED') return { kind: 'rejected', failure: 'keyExpired', missing: [], detail: 'key expired', exchange };
      if (res.status === 401 || res.status === 403) return { kind: 'rejected', failure: 'keyRejected', missing: [], detail: error || `status ${res.status}`, exchange };
      return { kind: 'rejected', failure: 'refused', missing: [], detail: error || `status ${res.status}`, exchange };
    },
  };
}
