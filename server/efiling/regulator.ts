/**
 * The regulator's certificate API behind one interface (docs/efiling.md): the CPSC eFiling
 * certificate (16 CFR 1110) as the adapter sends it, and what the regulator answers, mapped to
 * the conditions of SPEC §8 ("CPSC sync failures": missing fields, key expired).
 */

/** The elements a regulator may find missing; each has a label in both languages (the certificate's `missingElements` enum). */
export const CERTIFICATE_ELEMENTS = [
  'productIds', 'citations', 'certifierId', 'manufacturer', 'lab', 'cpscLabId', 'manufactureDate', 'manufacturePlace',
  'lastTestDate', 'testPlace', 'pointOfContact', 'referenceCertifierId', 'referenceProductId', 'referenceVersionId',
] as const;
export type CertificateElement = (typeof CERTIFICATE_ELEMENTS)[number];

export interface CertificateParty {
  name: string;
  gln?: string;
  alternateId?: string;
  address: string;
  city: string;
  province?: string;
  country: string;
  postalCode?: string;
  phone?: string;
  email?: string;
}

/** One certificate as filed: Full, Reference (certifier id + product id + version id) or Disclaim. */
export interface Certificate {
  type: 'full' | 'reference' | 'disclaim';
  /** Our filing number: the regulator keeps one certificate per filing and versions it. */
  filingNo: string;
  certifierId?: string;
  productIds: { type: string; value: string }[];
  productCategory?: string;
  customerProductCategory?: string;
  childrensProduct: boolean;
  citations: { code: string; regulation: string }[];
  exclusions: string[];
  manufacturer?: CertificateParty;
  lab?: CertificateParty & { cpscLabId?: string };
  pointOfContact?: CertificateParty;
  manufacture?: { date?: string; place?: string };
  testing?: { date?: string; place?: string };
  testReport?: { id?: string; url?: string };
  reference?: { certifierId?: string; productId?: string; versionId?: string };
}

export interface RegulatorCredentials {
  certifierId: string;
  secretKey: string;
  token: string;
}

/** The kinds of refusal, as the certificate's `syncFailure` names them. */
export type SyncFailure = 'missingElements' | 'keyExpired' | 'keyMissing' | 'keyRejected' | 'refused' | 'unreachable';

/** One exchange with the regulator, as logged (no secret in it). */
export interface RegulatorExchange {
  request: string;
  response: string;
}

export type SubmitResult =
  | { kind: 'accepted'; referenceNo: string; versionId: string; exchange: RegulatorExchange }
  | { kind: 'rejected'; failure: SyncFailure; missing: CertificateElement[]; detail: string; exchange: RegulatorExchange }
  /** Worth another attempt (server error, timeout, network). */
  | { kind: 'transient'; detail: string; exchange: RegulatorExchange };

/** The regulator's certificate API. */
export interface RegulatorAdapter {
  /** Files the certificate; `idempotencyKey` makes a repeat (a retry) answer as the first without filing again. */
  submit(certificate: Certificate, credentials: RegulatorCredentials, idempotencyKey: string): Promise<SubmitResult>;
}

export const isElement = (v: unknown): v is CertificateElement => typeof v === 'string' && (CERTIFICATE_ELEMENTS as readonly string[]).includes(v);
