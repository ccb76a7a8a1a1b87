import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';
import { ChatClient } from '../support/chat-socket.ts';

/**
 * Issue 19: two server instances on one PostgreSQL share the chat through LISTEN/NOTIFY — a message
 * sent through A reaches a socket on B; each has its own pool and listening connection, as two
 * processes would (the bench runs them as two processes).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('chat across two server instances on one PostgreSQL', () => {
  let a: ApiHarness;
  let b: ApiHarness;
  const base: Record<'a' | 'b', string> = { a: '', b: '' };
  let trfNo: string;
  let applicant: string;
  let staff: string;
  beforeAll(async () => {
    a = await ApiHarness.start('postgres');
    const second = await openDatabase({ databaseUrl: a.url! });
    b = await ApiHarness.onDatabase(second, a.registry);
    base.a = await a.app.listen({ port: 0, host: '127.0.0.1' });
    base.b = await b.app.listen({ port: 0, host: '127.0.0.1' });
    applicant = await a.login('applicant');
    staff = await b.login('staff');
    const made = (await a.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: applicant })).body.data;
    trfNo = made.doc.trfNo;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers a message sent through A to the socket on B, and the answer back', async () => {
    const onA = ChatClient.open(base.a, { trfNo }, { token: applicant });
    const onB = ChatClient.open(base.b, { trfNo }, { token: staff });
    await onA.next((f) => f.type === 'history');
    await onB.next((f) => f.type === 'history');
    onA.send({ type: 'send', clientId: 'x-1', body: 'From A' });
    const ack = await onA.next((f) => f.type === 'ack');
    expect((await onB.next((f) => f.type === 'message')).message).toEqual(ack.message);
    onB.send({ type: 'send', clientId: 'y-1', body: 'From B' });
    expect((await onA.next((f) => f.type === 'message' && f.message.clientId === 'y-1')).message).toMatchObject({ body: 'From B', side: 'staff' });
    await onB.next((f) => f.type === 'message' && f.message.clientId === 'y-1');
    // Each socket heard each message once, though both processes listen.
    expect(onB.frames.filter((f) => f.type === 'message')).toHaveLength(2);
    await Promise.all([onA.close(), onB.close()]);
  });
});
