import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installProtections } from '../../../server/http/protections.ts';
import { paymentFormOrigins } from '../../../server/payments/registry.ts';
import { unionpaySandbox } from '../../../server/payments/sandbox/unionpay.ts';

/** A configured UnionPay gateway takes the payer's posted form: the CSP's form-action allows its origin, and only when configured. */
describe('payment gateways in the CSP form-action', () => {
  // Generous: the sandbox makes its RSA keys and certificates first, seconds on a busy machine.
  it("allows a configured UnionPay gateway's origin besides 'self'", { timeout: 120_000 }, async () => {
    const c = unionpaySandbox({ baseUrl: 'http://localhost:8080/sandbox/unionpay', fetch }).config;
    const env = {
      UNIONPAY_MER_ID: c.merId,
      UNIONPAY_SIGN_KEY: c.signKeyPem,
      UNIONPAY_SIGN_CERT: c.signCertPem,
      UNIONPAY_ROOT_CERT: c.rootCertPem,
      UNIONPAY_MIDDLE_CERT: c.middleCertPem,
      UNIONPAY_BASE_URL: 'https://gateway.test.95516.com/some/path',
    };
    expect(paymentFormOrigins({})).toEqual([]);
    expect(paymentFormOrigins({ ...env, UNIONPAY_BASE_URL: undefined })).toEqual(['https://gateway.95516.com']);
    const origins = paymentFormOrigins(env);
    expect(origins).toEqual(['https://gateway.test.95516.com']);
    const app = Fastify();
    await installProtections(app, 'off', origins);
    app.get('/', async () => 'ok');
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("form-action 'self' https://gateway.test.95516.com");
    await app.close();
  });
});
