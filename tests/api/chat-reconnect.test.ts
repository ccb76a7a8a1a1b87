import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ChatConnection, type ChatSocketLike, type ChatStatus } from '../../src/chat/chat-connection.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/**
 * Issue 19: the client's connection (the chat connection machine, real timers) against the real
 * socket: when the server drops a connection that lasted over 1 s, it opens again 5 s later and the
 * chat's latest messages load again, the message sent before the drop among them.
 */
describe('the chat connection reconnects to the server', () => {
  let h: ApiHarness;
  let base: string;
  let token: string;
  let trfNo: string;
  beforeAll(async () => {
    h = await ApiHarness.start('pglite');
    base = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    token = await h.login('applicant');
    trfNo = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token })).body.data.doc.trfNo;
  });
  afterAll(() => h.close());

  it('opens again 5 s after the server dropped it, and loads the chat again', async () => {
    const statuses: ChatStatus[] = [];
    const histories: { messages: { body: string }[] }[] = [];
    const opened: number[] = [];
    const open = (): ChatSocketLike => {
      const ws = new WebSocket(`${base}/ws?trfNo=${encodeURIComponent(trfNo)}`, { headers: { 'portico-auth': `bearer ${token}` } });
      const like: ChatSocketLike = { send: (d) => ws.send(d), close: () => ws.terminate(), onopen: null, onmessage: null, onclose: null };
      ws.on('open', () => {
        opened.push(Date.now());
        like.onopen?.({});
      });
      ws.on('message', (raw) => like.onmessage?.({ data: raw.toString() }));
      ws.on('close', (code, reason) => like.onclose?.({ code, reason: reason.toString() }));
      return like;
    };
    const conn = new ChatConnection({
      open,
      onFrame: (f) => {
        if ((f as { type: string }).type === 'history') histories.push(f as never);
      },
      onStatus: (s) => statuses.push(s),
    }).start();
    await expect.poll(() => histories.length, { timeout: 10_000 }).toBe(1);
    expect(conn.send({ type: 'send', clientId: 'before-drop', body: 'Before the drop' })).toBe(true);
    // Past the 1 s rule, the server ends every socket (a restart, a proxy dropping idle connections).
    await new Promise((r) => setTimeout(r, 1500));
    for (const client of h.app.websocketServer.clients) client.terminate();
    await expect.poll(() => statuses.at(-1), { timeout: 5_000 }).toBe('reconnecting');
    await expect.poll(() => histories.length, { timeout: 20_000 }).toBe(2);
    expect(opened).toHaveLength(2);
    expect(opened[1]! - opened[0]!).toBeGreaterThanOrEqual(5_000 + 1_500 - 100);
    expect(histories[1]!.messages.map((m) => m.body)).toEqual(['Before the drop']);
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connecting', 'connected']);
    conn.close();
  });
});
