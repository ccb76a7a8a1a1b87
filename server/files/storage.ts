import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { Readable } from 'node:stream';
import { S3Client, DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { classifyOutage, isStorageOutage } from '../outage/unavailable.ts';

/**
 * Where uploaded files' bytes live: one interface, two backends. The files table's `path` holds
 * what `put` returned (the location), so a row is read back from where it was written.
 *  - local: a folder (dataDir/files), the embedded default; one machine only.
 *  - s3: an S3-compatible bucket, for several processes or machines (docs/deployment.md).
 * A storage that cannot take or give bytes now (unreachable, timed out, failing, a full disk)
 * throws DependencyUnavailableError (server/outage/unavailable.ts): the request answers 503.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the file's id; returns the location to keep in `files.path`. */
  put(id: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes at a location `put` returned. */
  read(location: string): Promise<Readable>;
  /** Removes the bytes at a location (no error when already gone). */
  remove(location: string): Promise<void>;
}

/** Files under a local folder: the location is the file's absolute path. */
export function folderStorage(dir: string): FileStorage {
  let made: Promise<unknown> | undefined;
  return {
    kind: 'local',
    async put(id, bytes) {
      const path = join(dir, id);
      return classifyOutage('storage', isStorageOutage, async () => {
        await (made ??= mkdir(dir, { recursive: true }));
        // A write that failed part way leaves no partial file behind.
        await writeFile(path, bytes).catch(async (err: unknown) => {
          await rm(path, { force: true }).catch(() => undefined);
          throw err;
        });
        return path;
      });
    },
    async read(location) {
      const stream = createReadStream(isAbsolute(location) ? location : join(dir, location));
      // Opened before answering: a missing file is an error here, not a broken response.
      await new Promise<void>((done, fail) => stream.once('open', () => done()).once('error', fail));
      return stream;
    },
    async remove(location) {
      await rm(isAbsolute(location) ? location : join(dir, location), { force: true });
    },
  };
}

export interface S3Settings {
  /** https://s3.example.com, or an S3-compatible server's address (MinIO, Ceph, OSS, COS…). */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Object keys start with this (e.g. `portico/`); none by default. */
  prefix?: string;
  /** Bucket in the path (most S3-compatible servers) rather than in the host name; true unless told. */
  forcePathStyle?: boolean;
  /** Milliseconds to connect before an attempt fails (S3_CONNECT_TIMEOUT_MS); 3,000 unless given. */
  connectTimeoutMs?: number;
  /** Milliseconds a connection may stay silent mid-request before the attempt fails (S3_TIMEOUT_MS); 15,000 unless given. */
  timeoutMs?: number;
}

/**
 * Attempts of each S3 request (the SDK's default is 3): with the timeouts above, an unreachable
 * or stalled server fails a request within about twice them, and the user sees a 503, not a hang.
 */
const S3_MAX_ATTEMPTS = 2;

/** Files in an S3-compatible bucket: the location is the object key. */
export function bucketStorage(s: S3Settings): FileStorage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle ?? true,
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    // S3-compatible servers other than AWS may not know the SDK's newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: S3_MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: s.connectTimeoutMs ?? 3000, socketTimeout: s.timeoutMs ?? 15_000 },
  });
  const prefix = s.prefix ?? '';
  const send = <T>(work: () => Promise<T>) => classifyOutage('storage', isStorageOutage, work);
  return {
    kind: 's3',
    async put(id, bytes, contentType) {
      const key = `${prefix}${id}`;
      // One PUT: the object is there whole or not at all.
      await send(() => client.send(new PutObjectCommand({ Bucket: s.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length })));
      return key;
    },
    async read(location) {
      const { Body } = await send(() => client.send(new GetObjectCommand({ Bucket: s.bucket, Key: location })));
      if (!Body) throw new Error(`object ${location} has no body`);
      return Body as Readable;
    },
    async remove(location) {
      await send(() => client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: location })));
    },
  };
}

/**
 * The storage the configuration names: FILE_STORAGE=s3 with S3_BUCKET, S3_REGION (us-east-1
 * unless given), S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (or the AWS SDK's own
 * AWS_* variables and credential chain), S3_PREFIX, S3_FORCE_PATH_STYLE=false for
 * virtual-host buckets, S3_CONNECT_TIMEOUT_MS and S3_TIMEOUT_MS; anything else (or unset) is the
 * local folder.
 */
export function storageFromEnv(env: Record<string, string | undefined>, localDir: string): FileStorage {
  if ((env.FILE_STORAGE ?? 'local') !== 's3') return folderStorage(localDir);
  if (!env.S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a server other than AWS)');
  return bucketStorage({
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    prefix: env.S3_PREFIX || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    connectTimeoutMs: Number(env.S3_CONNECT_TIMEOUT_MS) || undefined,
    timeoutMs: Number(env.S3_TIMEOUT_MS) || undefined,
  });
}
