import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes, validTrf } from '../support/api-harness.ts';
import { startS3 } from '../support/s3-server.ts';
import { readZip } from '../support/read-exports.ts';
import { DOCUMENT_BUNDLE } from '../fixtures/document-entity.ts';
import { folderStorage, storageFromEnv, type FileStorage } from '../../server/files/storage.ts';

type Kind = 'folder' | 's3';
const CASES = BACKENDS.flatMap((backend) => (['folder', 's3'] as const).map((storage) => [backend, storage] as const));

/**
 * Uploaded files behind one storage interface (server/files/storage.ts): the same API flow on the
 * local folder and on an S3-compatible server (s3rver, started here) — upload, download, the
 * company and record rules, delete of an upload no record holds, and the files export.
 */
describe.each(CASES)('files on %s in a %s', (backend, kind: Kind) => {
  let h: ApiHarness;
  let applicant: string;
  let storage: FileStorage;
  let stored: () => string[];
  let stop: () => Promise<void>;
  beforeAll(async () => {
    if (kind === 's3') {
      const s3 = await startS3();
      storage = storageFromEnv(s3.env, '/nonexistent');
      // s3rver keeps an object as files named `<key>._S3rver_object` (and its metadata) in the bucket's folder.
      stored = () => readdirSync(join(s3.directory, 'portico-files')).filter((n) => n.endsWith('._S3rver_object')).map((n) => n.slice(0, -'._S3rver_object'.length));
      stop = s3.close;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'portico-folder-'));
      storage = folderStorage(dir);
      stored = () => (existsSync(dir) ? readdirSync(dir) : []);
      stop = async () => rmSync(dir, { recursive: true, force: true });
    }
    expect(storage.kind).toBe(kind === 's3' ? 's3' : 'local');
    h = await ApiHarness.start(backend, [DOCUMENT_BUNDLE], { fileStorage: storage });
    applicant = await h.login('applicant');
  });
  afterAll(async () => {
    await h?.close();
    await stop?.();
  });

  const upload = async (token: string, bytes: Buffer) =>
    (await h.app.inject({ method: 'POST', url: '/api/files?name=spec.pdf', headers: { 'portico-auth': `bearer ${token}`, 'content-type': 'application/pdf' }, payload: bytes })).json().data;
  const download = (id: string, token: string) => h.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { 'portico-auth': `bearer ${token}` } });
  const remove = (id: string, token: string, lang = 'en-US') => h.call({ method: 'DELETE', url: `/api/files/${id}`, token, lang });

  it('stores an upload in the storage and serves the same bytes to its company only', async () => {
    const bytes = fileBytes('pdf', 3000);
    const file = await upload(applicant, bytes);
    expect(stored()).toContain(file.fileId);
    const got = await download(file.fileId, applicant);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect((await download(file.fileId, await h.login('supplier'))).statusCode).toBe(404);
  });

  it('deletes an upload no record holds, from the storage too; only its company may', async () => {
    const file = await upload(applicant, fileBytes('pdf', 500));
    const other = await remove(file.fileId, await h.login('supplier'));
    expect(other.status).toBe(404);
    expect(stored()).toContain(file.fileId);
    const gone = await remove(file.fileId, applicant);
    expect(gone).toMatchObject({ status: 200, body: { data: { fileId: file.fileId } } });
    expect(stored()).not.toContain(file.fileId);
    expect((await download(file.fileId, applicant)).statusCode).toBe(404);
    expect((await remove(file.fileId, applicant)).status).toBe(404);
  });

  it('keeps a file a record holds, which the record’s other companies may read once submitted', async () => {
    const file = await upload(applicant, fileBytes('pdf', 800));
    const made = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ attachments: [file] }) }, token: applicant });
    expect(made.status).toBe(201);
    const held = await remove(file.fileId, applicant);
    expect(held).toMatchObject({ status: 409, body: { message: 'The file is attached to a record and cannot be deleted' } });
    expect((await remove(file.fileId, applicant, 'zh-CN')).body.message).toBe('文件已附在记录上，不能删除');
    const buyer = await h.login('buyer');
    expect((await download(file.fileId, buyer)).statusCode).toBe(404);
    await h.call({ method: 'POST', url: `/api/entities/trf/${made.body.data.id}/events`, payload: { type: 'SUBMIT', version: 1 }, token: applicant });
    const read = await download(file.fileId, buyer);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.length).toBe(800);
    expect(stored()).toContain(file.fileId);
  });

  it('zips the files of selected records from the storage', async () => {
    const [a, b] = [await upload(applicant, fileBytes('pdf', 120)), await upload(applicant, fileBytes('pdf', 140))];
    const made = await h.call({ method: 'POST', url: '/api/entities/labDocument', payload: { doc: { title: 'Certs', files: [a, b] } }, token: applicant });
    expect(made.status).toBe(201);
    const zip = await h.app.inject({ method: 'POST', url: '/api/entities/labDocument/export-files', headers: { 'portico-auth': `bearer ${applicant}` }, payload: { ids: [made.body.data.id] } });
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    expect([...entries.values()].map((e) => e.length).sort()).toEqual([120, 140]);
  });
});
