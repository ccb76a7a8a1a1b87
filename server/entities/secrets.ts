import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SECRET_MASK, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Secret fields (`x-secret`, docs/declarations.md §1): the value is encrypted (AES-256-GCM, a key
 * from configuration) into `record_secrets` (migration 031) in the record's transaction; the
 * document holds only `SECRET_MASK` once a secret is set, so no read path — detail, list, lookup,
 * export, history — can return it. The field is write-only: on an edit, the mask sent back, an empty
 * value or none keeps the stored secret (the form shows the field empty); a new value replaces it. Only server code that needs the plaintext (`readSecret`) decrypts it.
 */
export { SECRET_MASK };

/** Longest secret accepted (characters). */
const MAX_SECRET = 1000;

let key: Buffer | undefined;

/**
 * The key secrets are encrypted with: `SECRETS_KEY` (64 hex digits or base64 of 32 bytes). In
 * production a missing key refuses to start. Elsewhere (`npm start`'s embedded setup, tests) a
 * random key is made once and kept in the database's `server_keys`, like the login key, so every
 * process on that database and every restart opens what the others sealed; no key is in the code.
 */
export async function configureSecrets(env: Record<string, string | undefined>, db?: Queryable): Promise<void> {
  const given = env.SECRETS_KEY?.trim();
  if (given) {
    const bytes = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (bytes.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes (64 hex digits or base64)');
    key = bytes;
    return;
  }
  if (env.NODE_ENV === 'production') throw new Error('SECRETS_KEY is required in production (the key secret fields are encrypted with)');
  if (!db) {
    key = randomBytes(32);
    return;
  }
  await db.query("insert into server_keys (name, public_der, private_pem) values ('secrets', '', $1) on conflict (name) do nothing", [randomBytes(32).toString('hex')]);
  const { rows } = await db.query<{ private_pem: string }>("select private_pem from server_keys where name = 'secrets'");
  key = Buffer.from(rows[0]!.private_pem, 'hex');
}

function currentKey(): Buffer {
  if (!key) throw new Error('secret fields used before configureSecrets');
  return key;
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), body.toString('base64'), cipher.getAuthTag().toString('base64')].join(':');
}

export function decryptSecret(sealed: string): string {
  const [version, iv, body, tag] = sealed.split(':');
  if (version !== 'v1' || !iv || body === undefined || !tag) throw new Error('unreadable secret');
  const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

export function secretFields(reg: RegisteredEntity): string[] {
  return Object.entries(reg.schema.properties).flatMap(([k, n]) => (n['x-secret'] ? [k] : []));
}

/** What a write does to the secrets: the document to store (masks only) and the secrets to (re)write or remove. */
export interface SealedSecrets {
  doc: Record<string, unknown>;
  write: Record<string, string>;
  remove: string[];
}

/** Replaces a write's secret values by the mask; `stored` is the record's document before (undefined for a new record). */
export function sealSecrets(reg: RegisteredEntity, incoming: Record<string, unknown>, stored?: Record<string, unknown>): SealedSecrets {
  const doc = { ...incoming };
  const write: Record<string, string> = {};
  const remove: string[] = [];
  for (const field of secretFields(reg)) {
    const value = doc[field];
    // Write-only: an edit leaving the field as it came (the mask), empty or out keeps the stored secret.
    if (stored?.[field] === SECRET_MASK && (value === SECRET_MASK || value === '' || value === undefined || value === null)) {
      doc[field] = SECRET_MASK;
      continue;
    }
    if (typeof value === 'string' && value !== '' && value !== SECRET_MASK) {
      if (value.length > MAX_SECRET) throw new ApiError(400, 'BAD_REQUEST', { detail: field });
      write[field] = value;
      doc[field] = SECRET_MASK;
      continue;
    }
    delete doc[field];
    if (stored?.[field] !== undefined) remove.push(field);
  }
  return { doc, write, remove };
}

/** Writes a record's sealed secrets in its transaction (after the record row exists). */
export async function storeSecrets(tx: Queryable, recordId: string, sealed: SealedSecrets): Promise<void> {
  for (const [field, plain] of Object.entries(sealed.write)) {
    await tx.query(
      `insert into record_secrets (record_id, field, sealed) values ($1, $2, $3)
       on conflict (record_id, field) do update set sealed = excluded.sealed, updated_at = now()`,
      [recordId, field, encryptSecret(plain)],
    );
  }
  if (sealed.remove.length) await tx.query('delete from record_secrets where record_id = $1 and field = any($2::text[])', [recordId, sealed.remove]);
}

/** A record's secret in plain text, for the server code that uses it (undefined when none is set). */
export async function readSecret(db: Queryable, recordId: string, field: string): Promise<string | undefined> {
  const { rows } = await db.query<{ sealed: string }>('select sealed from record_secrets where record_id = $1 and field = $2', [recordId, field]);
  return rows[0] ? decryptSecret(rows[0].sealed) : undefined;
}
