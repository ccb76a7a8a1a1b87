import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes, validTrf } from '../support/api-harness.ts';
import { ChatClient } from '../support/chat-socket.ts';

/** Issue 19: the chat socket of a TRF — who may open it, persistence before the ack, history, unread counts, files. */
describe.each(BACKENDS)('the chat socket on %s', (backend) => {
  let h: ApiHarness;
  let base: string;
  const t: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let trf: { id: string; trfNo: string };
  const clients: ChatClient[] = [];
  const open = (query: Record<string, string>, opts: Parameters<typeof ChatClient.open>[2] = {}) => {
    const c = ChatClient.open(base, query, opts);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    for (const a of ['applicant', 'staff', 'supplier', 'buyer']) {
      t[a] = await h.login(a);
      ids[a] = (await h.db.query<{ id: string }>('select id from users where account = $1', [a])).rows[0]!.id;
    }
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: t.applicant })).body.data;
    // Submitted: a draft is its owner's alone; the buyer named on it sees it from now on.
    await h.call({ method: 'POST', url: `/api/entities/trf/${made.id}/events`, payload: { type: 'SUBMIT', version: 1 }, token: t.applicant });
    trf = { id: made.id, trfNo: made.doc.trfNo };
  });
  afterAll(async () => {
    for (const c of clients) c.socket.terminate();
    await h.close();
  });

  it('closes a socket without a valid session, or for a chat the user may not see, with a reason', async () => {
    expect(await open({ trfNo: trf.trfNo }).closed).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    expect(await open({ trfNo: trf.trfNo }, { token: 'not-a-token' }).closed).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    // The supplier's company is not a party of the TRF: the chat is as invisible as the record.
    expect(await open({ trfNo: trf.trfNo }, { token: t.supplier }).closed).toEqual({ code: 4404, reason: 'CHAT_NOT_FOUND' });
    expect(await open({ trfNo: 'TRF-NO-SUCH' }, { token: t.applicant }).closed).toEqual({ code: 4404, reason: 'CHAT_NOT_FOUND' });
    // The cookie alone authenticates only from our own origin (a page elsewhere could open the socket with it).
    const cookie = { cookie: `portico_token=${t.applicant}`, origin: 'https://evil.example' };
    expect(await open({ trfNo: trf.trfNo }, { headers: cookie }).closed).toEqual({ code: 4403, reason: 'CROSS_ORIGIN' });
    expect(await open({ trfNo: trf.trfNo, userId: 'someone-else' }, { token: t.applicant }).closed).toEqual({ code: 4403, reason: 'CHAT_USER_MISMATCH' });
  });

  it('answers the ping string, and opens with the cookie from our own origin', async () => {
    const url = new URL(base);
    const c = open({ trfNo: trf.trfNo, userSource: 'SGSMART' }, { headers: { cookie: `portico_token=${t.applicant}`, origin: url.origin } });
    await c.next((f) => f.type === 'history');
    c.send('ping');
    expect(await c.next((f) => f === 'pong')).toBe('pong');
    await c.close();
  });

  it('stores a message before acknowledging it, delivers it to the other side live, and stores a resent one once', async () => {
    const applicant = open({ trfNo: trf.trfNo, userId: ids.applicant!, userSource: 'SGSMART' }, { token: t.applicant });
    const staff = open({ trfNo: trf.trfNo }, { token: t.staff });
    expect(await applicant.next((f) => f.type === 'history')).toMatchObject({ recordId: trf.id, messages: [], hasMore: false, unread: 0 });
    await staff.next((f) => f.type === 'history');
    applicant.send({ type: 'send', clientId: 'm-1', body: '  Samples ship on Monday  ' });
    const ack = await applicant.next((f) => f.type === 'ack' && f.clientId === 'm-1');
    const stored = await h.db.query<{ body: string; sender_side: string }>('select body, sender_side from chat_messages where id = $1', [ack.message.id]);
    expect(stored.rows).toEqual([{ body: 'Samples ship on Monday', sender_side: 'customer' }]);
    const live = await staff.next((f) => f.type === 'message' && f.message.id === ack.message.id);
    expect(live.message).toMatchObject({ body: 'Samples ship on Monday', senderId: ids.applicant, side: 'customer' });
    applicant.send({ type: 'send', clientId: 'm-1', body: 'Samples ship on Monday' });
    await applicant.next((f) => f.type === 'ack' && f.clientId === 'm-1' && applicant.frames.filter((x) => x.type === 'ack').length === 2);
    expect((await h.db.query('select id from chat_messages where client_id = $1', ['m-1'])).rows).toHaveLength(1);
    staff.send({ type: 'send', clientId: 's-1', body: '收到，谢谢' });
    const reply = await applicant.next((f) => f.type === 'message' && f.message.clientId === 's-1');
    expect(reply.message).toMatchObject({ side: 'staff', body: '收到，谢谢' });
    await Promise.all([applicant.close(), staff.close()]);
  });

  it('refuses bad frames and bad messages in the user language, and keeps the socket', async () => {
    const c = open({ trfNo: trf.trfNo, lang: 'en-US' }, { token: t.applicant });
    await c.next((f) => f.type === 'history');
    c.send('not json');
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'CHAT_BAD_MESSAGE', message: 'The message could not be understood' });
    c.send({ type: 'send', clientId: 'long', body: 'x'.repeat(2001) });
    expect(await c.next((f) => f.type === 'error' && f.clientId === 'long')).toMatchObject({ code: 'CHAT_MESSAGE_LENGTH', message: 'A message must be 1 to 2000 characters long' });
    c.send({ type: 'send', clientId: 'blank', body: '   ' });
    await c.next((f) => f.type === 'error' && f.clientId === 'blank');
    c.send({ type: 'send', clientId: 'nul', body: 'a\u0000b' });
    await c.next((f) => f.type === 'error' && f.clientId === 'nul');
    await c.close();
    const zh = open({ trfNo: trf.trfNo, lang: 'zh-CN' }, { token: t.applicant });
    await zh.next((f) => f.type === 'history');
    zh.send({ type: 'nothing' });
    expect((await zh.next((f) => f.type === 'error')).message).toBe('无法识别的消息');
    await zh.close();
  });

  it('loads the latest history on open and pages back; counts unread messages until read', async () => {
    // 35 notes in a burst, through sockets of 15 each: one socket may send only so many at once (send-rate.ts).
    const sockets: ChatClient[] = [];
    for (let i = 1; i <= 35; i++) {
      if (i % 15 === 1) {
        sockets.push(open({ trfNo: trf.trfNo }, { token: t.staff }));
        await sockets.at(-1)!.next((f) => f.type === 'history');
      }
      sockets.at(-1)!.send({ type: 'send', clientId: `page-${i}`, body: `Note ${i}` });
      await sockets.at(-1)!.next((f) => f.type === 'ack' && f.clientId === `page-${i}`);
    }
    const unread = await h.call({ method: 'GET', url: '/api/chat/unread', token: t.applicant });
    expect(unread.body.data).toEqual({ total: 36, chats: [{ entity: 'trf', recordId: trf.id, number: trf.trfNo, count: 36 }] });
    expect((await h.call({ method: 'GET', url: '/api/chat/unread', token: t.supplier })).body.data).toEqual({ total: 0, chats: [] });
    const applicant = open({ trfNo: trf.trfNo }, { token: t.applicant });
    const first = await applicant.next((f) => f.type === 'history');
    expect(first.messages).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    expect(first.unread).toBe(36);
    expect(first.messages.at(-1).body).toBe('Note 35');
    applicant.send({ type: 'history', before: first.messages[0].id });
    const older = await applicant.next((f) => f.type === 'history' && f.before === first.messages[0].id);
    expect(older.hasMore).toBe(false);
    expect(older.messages.map((m: any) => m.body)).toEqual(['Samples ship on Monday', '收到，谢谢', 'Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5']);
    applicant.send({ type: 'read', upTo: first.messages[10].id });
    expect(await applicant.next((f) => f.type === 'unread')).toEqual({ type: 'unread', recordId: trf.id, count: 19 });
    applicant.send({ type: 'read', upTo: first.messages.at(-1).id });
    await applicant.next((f) => f.type === 'unread' && f.count === 0);
    expect((await h.call({ method: 'GET', url: '/api/chat/unread', token: t.applicant })).body.data.total).toBe(0);
    await Promise.all([...sockets.map((c) => c.close()), applicant.close()]);
  });

  it('closes the socket of a session ended meanwhile when it sends', async () => {
    const token = await h.login('buyer');
    const c = open({ trfNo: trf.trfNo }, { token });
    await c.next((f) => f.type === 'history');
    await h.call({ method: 'POST', url: '/api/auth/logout', token });
    c.send({ type: 'send', clientId: 'after-logout', body: 'Hello?' });
    expect(await c.closed).toEqual({ code: 4401, reason: 'UNAUTHORIZED' });
    expect((await h.db.query("select id from chat_messages where client_id = 'after-logout'")).rows).toEqual([]);
  });

  it('refuses a socket the messages beyond its sending limit, clearly and in the user language, and keeps it open', async () => {
    for (const [lang, text] of [['en-US', 'Too many messages: at most 20 every 2 seconds, send again shortly'], ['zh-CN', '发送过于频繁：每 2 秒最多 20 条消息，请稍后再发']] as const) {
      const c = open({ trfNo: trf.trfNo, lang }, { token: t.buyer });
      await c.next((f) => f.type === 'history');
      for (let i = 0; i < 25; i++) c.send({ type: 'send', clientId: `flood-${lang}-${i}`, body: `Flood ${i}` });
      const refused = await c.next((f) => f.type === 'error' && f.clientId === `flood-${lang}-24`);
      expect(refused).toMatchObject({ code: 'CHAT_RATE_LIMITED', message: text });
      await c.next((f) => f.type === 'ack' && f.clientId === `flood-${lang}-19`);
      expect(c.frames.filter((f) => f.type === 'ack' && f.clientId.startsWith(`flood-${lang}`))).toHaveLength(20);
      expect(c.frames.filter((f) => f.type === 'error' && f.code === 'CHAT_RATE_LIMITED')).toHaveLength(5);
      const stored = await h.db.query<{ n: number }>("select count(*)::int as n from chat_messages where client_id like $1", [`flood-${lang}-%`]);
      expect(stored.rows[0]!.n).toBe(20);
      c.send('ping');
      await c.next((f) => f === 'pong');
      await c.close();
    }
  });

  it("pushes the header's unread count to the user's own socket as others write, read with the user's visibility", async () => {
    const before = (await h.call({ method: 'GET', url: '/api/chat/unread', token: t.applicant })).body.data;
    const own = open({ userId: ids.applicant! }, { token: t.applicant });
    expect(await own.next((f) => f.type === 'unreadTotal')).toEqual({ type: 'unreadTotal', ...before });
    const outsider = open({}, { token: t.supplier });
    expect(await outsider.next((f) => f.type === 'unreadTotal')).toEqual({ type: 'unreadTotal', total: 0, chats: [] });
    const staff = open({ trfNo: trf.trfNo }, { token: t.staff });
    await staff.next((f) => f.type === 'history');
    staff.send({ type: 'send', clientId: 'header-1', body: 'Your samples arrived' });
    await staff.next((f) => f.type === 'ack' && f.clientId === 'header-1');
    const pushed = await own.next((f) => f.type === 'unreadTotal' && f.total === before.total + 1);
    expect(pushed).toEqual({ type: 'unreadTotal', ...(await h.call({ method: 'GET', url: '/api/chat/unread', token: t.applicant })).body.data });
    // The supplier cannot see the TRF: whatever reached their socket never counted its messages.
    expect(outsider.frames.every((f) => f.type === 'unreadTotal' && f.total === 0)).toBe(true);
    // Read on another device (the chat open there): this header follows without a reload.
    const other = open({ trfNo: trf.trfNo }, { token: t.applicant });
    const latest = (await other.next((f) => f.type === 'history')).messages.at(-1).id;
    other.send({ type: 'read', upTo: latest });
    expect(await other.next((f) => f.type === 'unread')).toMatchObject({ count: 0 });
    const afterRead = await own.next((f) => f.type === 'unreadTotal' && !f.chats.some((c: { number: string }) => c.number === trf.trfNo));
    expect(afterRead).toEqual({ type: 'unreadTotal', ...(await h.call({ method: 'GET', url: '/api/chat/unread', token: t.applicant })).body.data });
    await Promise.all([own.close(), outsider.close(), staff.close(), other.close()]);
  });
  it('carries files: readable by whoever sees the TRF once sent, never a file the sender may not read, and kept when the TRF is saved', async () => {
    const upload = async (token: string | undefined, kind: 'pdf' | 'jpg') => {
      const res = await h.app.inject({ method: 'POST', url: `/api/files?name=sample.${kind}`, headers: { 'portico-auth': `bearer ${token ?? ''}`, 'content-type': kind === 'pdf' ? 'application/pdf' : 'image/jpeg' }, payload: fileBytes(kind, 512) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().data as { fileId: string; fileName: string };
    };
    const read = async (fileId: string, token: string | undefined) => (await h.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { 'portico-auth': `bearer ${token ?? ''}` } })).statusCode;
    const report = await upload(t.applicant, 'pdf');
    const buyersOwn = await upload(t.buyer, 'jpg');
    expect(await read(report.fileId, t.buyer)).toBe(404);

    const staff = open({ trfNo: trf.trfNo }, { token: t.staff });
    await staff.next((f) => f.type === 'history');
    const c = open({ trfNo: trf.trfNo, lang: 'en-US' }, { token: t.applicant });
    await c.next((f) => f.type === 'history');
    c.send({ type: 'send', clientId: 'with-file', body: '', files: [{ fileId: report.fileId, fileName: report.fileName }] });
    const acked = await c.next((f) => f.type === 'ack' && f.clientId === 'with-file');
    expect(acked.message).toMatchObject({ body: '', files: [{ fileId: report.fileId, fileName: report.fileName }] });
    expect((await staff.next((f) => f.type === 'message' && f.message.clientId === 'with-file')).message.files).toEqual([{ fileId: report.fileId, fileName: report.fileName }]);
    // Sent in the chat: the TRF's other parties read it; a company that does not see the TRF still does not.
    expect(await read(report.fileId, t.buyer)).toBe(200);
    expect(await read(report.fileId, t.supplier)).toBe(404);

    c.send({ type: 'send', clientId: 'not-mine', body: 'look', files: [{ fileId: buyersOwn.fileId, fileName: 'x.jpg' }] });
    expect(await c.next((f) => f.type === 'error' && f.clientId === 'not-mine')).toMatchObject({ code: 'CHAT_FILE_NOT_READABLE', message: 'An attached file does not exist or is not yours to send: upload it again' });
    expect(await read(buyersOwn.fileId, t.applicant)).toBe(404);
    const six = Array.from({ length: 6 }, () => ({ fileId: report.fileId, fileName: report.fileName }));
    c.send({ type: 'send', clientId: 'six', body: 'many', files: six });
    expect(await c.next((f) => f.type === 'error' && f.clientId === 'six')).toMatchObject({ code: 'CHAT_TOO_MANY_FILES', message: 'A message carries at most 5 files' });
    c.send({ type: 'send', clientId: 'bad-files', body: 'x', files: 'report.pdf' });
    expect(await c.next((f) => f.type === 'error' && !f.clientId)).toMatchObject({ code: expect.any(String) });
    const stored = await h.db.query<{ n: number }>("select count(*)::int as n from chat_messages where client_id in ('not-mine', 'six', 'bad-files')");
    expect(stored.rows[0]!.n).toBe(0);

    // Saving the TRF (whose document names none of the chat's files) keeps them linked.
    const current = (await h.call({ method: 'GET', url: `/api/entities/trf/${trf.id}`, token: t.staff })).body.data;
    const saved = await h.call({ method: 'PUT', url: `/api/entities/trf/${trf.id}`, payload: { doc: current.doc, version: current.version }, token: t.staff });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await read(report.fileId, t.buyer)).toBe(200);
    await Promise.all([c.close(), staff.close()]);
  });
});
