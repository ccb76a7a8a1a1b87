import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * Keys and certificates made at sandbox start (dev and test only; nothing is committed): RSA
 * key pairs by node's crypto, X.509 certificates signed SHA256withRSA by node-forge.
 */
export interface KeyPairPem {
  privateKeyPem: string;
  publicKeyPem: string;
}

export interface IssuedCert {
  certPem: string;
  privateKeyPem: string;
}

export function generateRsaKeyPair(): KeyPairPem {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** A random positive certificate serial, as the hex string X.509 carries. */
export function randomSerialHex(bytes = 8): string {
  const b = randomBytes(bytes);
  b[0] = (b[0]! & 0x7f) | 0x10; // positive, no leading zero byte
  return b.toString('hex').toUpperCase();
}

export interface CertRequest {
  commonName: string;
  organization?: string;
  /** Signs the certificate; self-signed when omitted. */
  issuer?: IssuedCert;
  ca?: boolean;
  serialHex?: string;
  notBefore?: Date;
  notAfter?: Date;
}

/** A fresh key pair and its certificate. */
export function issueCertificate(req: CertRequest): IssuedCert {
  const keys = generateRsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
  cert.serialNumber = req.serialHex ?? randomSerialHex();
  cert.validity.notBefore = req.notBefore ?? new Date(Date.now() - 3600_000);
  cert.validity.notAfter = req.notAfter ?? new Date(Date.now() + 365 * 86400_000);
  // UTF8String values (the default PrintableString cannot hold Chinese); forge's types call the tag a class.
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const subject: forge.pki.CertificateField[] = [
    { name: 'commonName', value: req.commonName, valueTagClass: utf8 },
    { name: 'organizationName', value: req.organization ?? 'Portico sandbox', valueTagClass: utf8 },
  ];
  cert.setSubject(subject);
  const issuerCert = req.issuer ? forge.pki.certificateFromPem(req.issuer.certPem) : undefined;
  cert.setIssuer(issuerCert ? issuerCert.subject.attributes : subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: Boolean(req.ca), critical: true },
    { name: 'keyUsage', critical: true, ...(req.ca ? { keyCertSign: true, cRLSign: true } : { digitalSignature: true, nonRepudiation: true }) },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(req.issuer?.privateKeyPem ?? keys.privateKeyPem), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), privateKeyPem: keys.privateKeyPem };
}

const madeOnce = new Map<string, unknown>();

/**
 * Key material made once per process: RSA key generation takes seconds on a busy machine, and a
 * process (the test runner) builds many apps, each mounting the sandboxes. Never stored on disk.
 */
export function oncePerProcess<T>(label: string, make: () => T): T {
  if (!madeOnce.has(label)) madeOnce.set(label, make());
  return madeOnce.get(label) as T;
}
