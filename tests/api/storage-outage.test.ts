import { readdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../engine/index.ts';
import { storageFromEnv, type FileStorage } from '../../server/files/storage.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes } from '../support/api-harness.ts';
import { startS3 } from '../support/s3-server.ts';

/** A loopback server that accepts connections and never answers (an object store that hangs), and a port nothing listens on. */
async function deadEndpoints(): Promise<{ stalled: string; refused: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const listen = async (server: Server) => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  const stalled = createServer((socket) => void sockets.add(socket.on('error', () => undefined)));
  const stalledPort = await listen(stalled);
  const closed = createServer();
  const refusedPort = await listen(closed);
  await new Promise((done) => closed.close(done));
  return {
    stalled: `http://127.0.0.1:${stalledPort}`,
    refused: `http://127.0.0.1:${refusedPort}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => stalled.close(done));
    },
  };
}

/**
 * Issue 52 item 5: the object store's outage. An upload to an S3 endpoint that refuses or hangs
 * answers 503 STORAGE_UNAVAILABLE in the request's language, within the storage's timeouts, and
 * leaves no file row; a download answers the same; an upload whose row cannot be written (the
 * database down) leaves no object behind.
 */
describe.each(BACKENDS)('object storage outages on %s', (backend) => {
  let h: ApiHarness;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let dead: Awaited<ReturnType<typeof deadEndpoints>>;
  let applicant: string;
  /** The storage the app uses: the working bucket unless a test points it elsewhere. */
  let current: FileStorage;
  const storage: FileStorage = {
    kind: 's3',
    put: (...a) => current.put(...a),
    read: (...a) => current.read(...a),
    remove: (...a) => current.remove(...a),
  };
  let working: FileStorage;
  const at = (endpoint: string) => storageFromEnv({ ...s3.env, S3_ENDPOINT: endpoint, S3_CONNECT_TIMEOUT_MS: '500', S3_TIMEOUT_MS: '500' }, '/nonexistent');
  const objects = () => readdirSync(join(s3.directory, 'portico-files')).filter((n) => n.endsWith('._S3rver_object'));

  beforeAll(async () => {
    s3 = await startS3();
    dead = await deadEndpoints();
    working = current = storageFromEnv(s3.env, '/nonexistent');
    h = await ApiHarness.start(backend, [], { fileStorage: storage });
    applicant = await h.login('applicant');
  });
  afterAll(async () => {
    await h?.close();
    await dead?.close();
    await s3?.close();
  });

  const upload = (lang = 'en-US') =>
    h.app.inject({ method: 'POST', url: `/api/files?name=outage-${lang}.pdf`, headers: { 'portico-auth': `bearer ${applicant}`, 'content-type': 'application/pdf', 'accept-language': lang }, payload: fileBytes('pdf', 2000) });
  const fileRows = async () => (await h.db.query<{ n: number }>("select count(*)::int as n from files where file_name like 'outage-%'")).rows[0]!.n;

  it('answers an upload to an endpoint that refuses connections 503, translated, with Retry-After, and writes no file row', async () => {
    current = at(dead.refused);
    try {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const res = await upload(lang);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: 503, errorCode: 'STORAGE_UNAVAILABLE', message: message('STORAGE_UNAVAILABLE', lang) });
        expect(res.headers['retry-after']).toBe('5');
      }
    } finally {
      current = working;
    }
    expect(await fileRows()).toBe(0);
  });

  it('answers an upload to an endpoint that never answers 503 within its timeouts, and writes no file row', async () => {
    current = at(dead.stalled);
    const started = Date.now();
    try {
      const res = await upload();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errorCode).toBe('STORAGE_UNAVAILABLE');
    } finally {
      current = working;
    }
    // Two attempts of 0.5 s of silence each, and the SDK's wait between them: seconds, not the minutes of a hang.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await fileRows()).toBe(0);
  });

  it('answers a download 503 while the storage is unreachable, and serves it again when it is back', async () => {
    const res = await upload();
    expect(res.statusCode).toBe(200);
    const id = res.json().data.fileId as string;
    const download = () => h.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { 'portico-auth': `bearer ${applicant}` } });
    current = at(dead.refused);
    try {
      const down = await download();
      expect(down.statusCode).toBe(503);
      expect(down.json().errorCode).toBe('STORAGE_UNAVAILABLE');
    } finally {
      current = working;
    }
    expect((await download()).statusCode).toBe(200);
    await h.db.query('delete from files where id = $1', [id]);
  });

  // On a PostgreSQL server only (several processes; a backend's failure mid-statement): the case exists there alone.
  if (backend === 'postgres') it('removes the object again when the file row cannot be written (the database going away), answering 503', async () => {
    const before = objects().length;
    // The files insert fails as a fast shutdown fails a backend's statement (SQLSTATE 57P01).
    await h.db.exec(`
      create function outage_files() returns trigger language plpgsql as $$
      begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$;
      create trigger outage_files before insert on files for each row execute function outage_files();`);
    try {
      const res = await upload();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errorCode).toBe('DATABASE_UNAVAILABLE');
    } finally {
      await h.db.exec('drop trigger outage_files on files; drop function outage_files();');
    }
    expect(objects().length).toBe(before);
    expect(await fileRows()).toBe(0);
  });
});
