import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The credentials s3rver accepts (its documented defaults). */
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * An S3-compatible server in this process (s3rver, objects in a temporary folder) on a free
 * loopback port, with one bucket; `env` configures the portal for it as an operator would
 * (FILE_STORAGE=s3, S3_*: server/files/storage.ts).
 */
export async function startS3(bucket = 'portico-files'): Promise<{ env: Record<string, string>; directory: string; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'portico-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    env: { FILE_STORAGE: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: bucket, S3_REGION: 'us-east-1', ...KEYS },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
