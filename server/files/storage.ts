import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { Readable } from 'node:stream';
import { S3Client, DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';

/**
 * Where uploaded files' bytes live: one interface, two backends. The files table's `path` holds
 * what `put` returned (the location), so a row is read back from where it was written.
 *  - local: a folder (dataDir/files), the embedded default; one machine only.
 *  - s3: an S3-compatible bucket, for several processes or machines (docs/deployment.md).
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
      await (made ??= mkdir(dir, { recursive: true }));
      const path = join(dir, id);
      await writeFile(path, bytes);
      return path;
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
}

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
  });
  const prefix = s.prefix ?? '';
  return {
    kind: 's3',
    async put(id, bytes, contentType) {
      const key = `${prefix}${id}`;
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      return key;
    },
    async read(location) {
      const { Body } = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: location }));
      if (!Body) throw new Error(`object ${location} has no body`);
      return Body as Readable;
    },
    async remove(location) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: location }));
    },
  };
}

/**
 * The storage the configuration names: FILE_STORAGE=s3 with S3_BUCKET, S3_REGION (us-east-1
 * unless given), S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (or the AWS SDK's own
 * AWS_* variables and credential chain), S3_PREFIX, S3_FORCE_PATH_STYLE=false for
 * virtual-host buckets; anything else (or unset) is the local folder.
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
  });
}
