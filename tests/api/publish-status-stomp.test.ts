import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { StompTestClient, type ReadFrame } from '../support/stomp-socket.ts';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const QUERY = '/app/queryPublishStatus';
const TOPIC = '/topic/publishStatus';
const statusOf = (f: ReadFrame) => (JSON.parse(f.body) as { id: string; finalPublishStatus: number } | null);

/** Issue 19, publish status: the STOMP endpoint at /stomp — who may use it, the query's answer, pushed changes, bad frames. */
describe.each(BACKENDS)('the publish-status STOMP endpoint on %s', (backend) => {
  let h: ApiHarness;
  let base: string;
  let staff: string;
  let applicant: string;
  let upcoming = '';
  const clients: StompTestClient[] = [];
  const open = (headers: Record<string, string> = {}, query = '') => {
    const c = StompTestClient.open(base, headers, query);
    clients.push(c);
    return c;
  };
  /** A client connected with the token header and subscribed to the status topic (receipt awaited). */
  const subscribed = async (token: string) => {
    const c = open();
    await c.send('CONNECT', { 'accept-version': '1.2', host: 'portico', token });
    await c.next((f) => f.command === 'CONNECTED');
    await c.send('SUBSCRIBE', { id: 'sub-0', destination: TOPIC, receipt: 'r-sub' });
    await c.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'r-sub');
    return c;
  };
  const publish = async () => {
    const start = Date.now() + HOUR;
    const res = await h.call({ method: 'POST', url: '/api/notices', token: staff, payload: { startDateTime: iso(start), finishDateTime: iso(start + HOUR), publishRemark: { cn: '升级', en: 'Upgrade' } } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };

  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(async () => {
    for (const c of clients) c.socket.terminate();
    await h.close();
  });

  it('refuses a CONNECT without a valid session, and any frame before CONNECT, with an ERROR frame and a close', async () => {
    const none = open();
    await none.send('CONNECT', { 'accept-version': '1.2', host: 'portico' });
    expect(await none.next((f) => f.command === 'ERROR')).toMatchObject({ headers: { message: 'STOMP_UNAUTHORIZED' } });
    expect((await none.closed).reason).toBe('STOMP_UNAUTHORIZED');

    const wrong = open({}, '?lang=zh-CN');
    await wrong.send('CONNECT', { 'accept-version': '1.2', token: 'not-a-token' });
    expect((await wrong.next((f) => f.command === 'ERROR')).body).toBe('会话无效或已过期，请重新登录');

    // The cookie counts from our own origin only.
    const evil = open({ cookie: `portico_token=${applicant}`, origin: 'https://evil.example' });
    await evil.send('CONNECT', { 'accept-version': '1.2' });
    expect((await evil.next((f) => f.command === 'ERROR')).headers.message).toBe('STOMP_UNAUTHORIZED');

    const early = open();
    await early.send('SEND', { destination: QUERY }, '{"systemId":101}');
    expect((await early.next((f) => f.command === 'ERROR')).headers.message).toBe('STOMP_NOT_CONNECTED');
    await early.closed;
  });

  it('answers SEND /app/queryPublishStatus {"systemId":101} with the current status, as GET getNotifyMsg has it', async () => {
    const id = (upcoming = await publish());
    const c = await subscribed(applicant);
    await c.send('SEND', { destination: QUERY, token: applicant, 'content-type': 'application/json' }, '{"systemId":101}');
    const answer = await c.next((f) => f.command === 'MESSAGE');
    expect(answer.headers).toMatchObject({ destination: TOPIC, subscription: 'sub-0', 'content-type': 'application/json' });
    const polled = (await h.call({ method: 'GET', url: '/api/sgs-im/im/getNotifyMsg' })).body.data;
    expect(statusOf(answer)).toEqual(polled);
    expect(polled).toMatchObject({ id, finalPublishStatus: 1 });
    await c.close();
  });

  it('authenticates CONNECT by the cookie from our own origin, and each SEND by its token header', async () => {
    const c = open({ cookie: `portico_token=${applicant}`, origin: new URL(base).origin });
    await c.send('CONNECT', { 'accept-version': '1.2' });
    await c.next((f) => f.command === 'CONNECTED');
    await c.send('SUBSCRIBE', { id: 's', destination: TOPIC });
    await c.send('SEND', { destination: QUERY }, '{"systemId":"101"}');
    await c.next((f) => f.command === 'MESSAGE');
    await c.send('SEND', { destination: QUERY, token: 'ended-or-forged' }, '{"systemId":101}');
    expect((await c.next((f) => f.command === 'ERROR')).headers.message).toBe('STOMP_UNAUTHORIZED');
    await c.closed;
  });

  it('pushes every change staff make to each subscriber, without a query', async () => {
    // The notice of the test before is withdrawn: this one is the current notice from start to finish.
    expect((await h.call({ method: 'POST', url: `/api/notices/${upcoming}/cancel`, token: staff })).status).toBe(200);
    const [one, two] = [await subscribed(applicant), await subscribed(staff)];
    const id = await publish();
    for (const c of [one, two]) expect(statusOf(await c.next((f) => f.command === 'MESSAGE' && statusOf(f)?.id === id))).toMatchObject({ finalPublishStatus: 1 });
    expect((await h.call({ method: 'POST', url: `/api/notices/${id}/start`, token: staff })).status).toBe(200);
    for (const c of [one, two]) await c.next((f) => f.command === 'MESSAGE' && statusOf(f)?.id === id && statusOf(f)?.finalPublishStatus === 2);
    expect((await h.call({ method: 'POST', url: `/api/notices/${id}/finish`, token: staff })).status).toBe(200);
    // Unsubscribed, one hears no more; the other hears the finish.
    await two.send('UNSUBSCRIBE', { id: 'sub-0', receipt: 'r-un' });
    await two.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'r-un');
    const finished = await one.next((f) => f.command === 'MESSAGE' && statusOf(f)?.id === id && statusOf(f)?.finalPublishStatus === 0);
    expect(finished.headers.destination).toBe(TOPIC);
    await one.send('DISCONNECT', { receipt: 'bye' });
    await one.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'bye');
    await one.closed;
  });

  it('answers bad frames with an ERROR frame and closes that connection only; the server carries on', async () => {
    const cases: [(c: StompTestClient) => Promise<void>, string][] = [
      [(c) => c.sendRaw('hello there\n\n\0'), 'STOMP_BAD_FRAME'],
      [(c) => c.sendRaw('\u0000\u0001\u0002\n\n\u0000'), 'STOMP_BAD_FRAME'],
      // A frame that never ends, grown past 64 KB over two socket messages.
      [async (c) => (await c.sendRaw(`SEND\ndestination:${QUERY}\n${'x'.repeat(40_000)}`), await c.sendRaw('x'.repeat(40_000))), 'STOMP_BAD_FRAME'],
      [(c) => c.send('SEND', { destination: '/app/other' }, '{}'), 'STOMP_UNKNOWN_DESTINATION'],
      [(c) => c.send('SEND', { destination: QUERY }, 'systemId=101'), 'STOMP_BAD_SYSTEM'],
      [(c) => c.send('SEND', { destination: QUERY }, '{"systemId":102}'), 'STOMP_BAD_SYSTEM'],
      [(c) => c.send('SEND', {}, '{"systemId":101}'), 'STOMP_MISSING_HEADER'],
      [(c) => c.send('SUBSCRIBE', { id: 'x', destination: '/topic/secrets' }), 'STOMP_UNKNOWN_DESTINATION'],
      [(c) => c.send('BEGIN', { transaction: 't1' }), 'STOMP_UNKNOWN_COMMAND'],
    ];
    for (const [bad, code] of cases) {
      const c = open();
      await c.send('CONNECT', { 'accept-version': '1.2', token: applicant });
      await c.next((f) => f.command === 'CONNECTED');
      await bad(c);
      const error = await c.next((f) => f.command === 'ERROR');
      expect(error.headers.message).toBe(code);
      expect(error.body.length).toBeGreaterThan(0);
      await c.closed;
    }
    // Without a subscription the answer has nowhere to go: said, in English by default.
    const c = open({ 'accept-language': 'en-US' });
    await c.send('CONNECT', { 'accept-version': '1.2', token: applicant });
    await c.send('SEND', { destination: QUERY }, '{"systemId":101}');
    expect((await c.next((f) => f.command === 'ERROR')).body).toBe('Subscribe to /topic/publishStatus before querying the publish status');
    expect((await h.call({ method: 'GET', url: '/api/health' })).status).toBe(200);
  });
});

/** Two server instances on one PostgreSQL: a change made through A is pushed to a subscriber on B (LISTEN/NOTIFY). */
describe.runIf(process.env.TEST_DATABASE_URL)('publish status pushed across two server instances', () => {
  let a: ApiHarness;
  let b: ApiHarness;
  beforeAll(async () => {
    a = await ApiHarness.start('postgres');
    b = await ApiHarness.onDatabase(await openDatabase({ databaseUrl: a.url! }), a.registry);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('pushes a notice published through A to the subscriber on B', async () => {
    const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = await a.login('staff');
    const c = StompTestClient.open(baseB);
    await c.send('CONNECT', { 'accept-version': '1.2', token: staff });
    await c.send('SUBSCRIBE', { id: 'b', destination: TOPIC, receipt: 'ok' });
    await c.next((f) => f.command === 'RECEIPT');
    const start = Date.now() + HOUR;
    const res = await a.call({ method: 'POST', url: '/api/notices', token: staff, payload: { startDateTime: iso(start), finishDateTime: iso(start + HOUR), publishRemark: { cn: '升级', en: 'Upgrade' } } });
    const pushed = await c.next((f) => f.command === 'MESSAGE');
    expect(statusOf(pushed)).toMatchObject({ id: res.body.data.id, finalPublishStatus: 1 });
    await c.close();
  });
});
