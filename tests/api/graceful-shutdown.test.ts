import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { publicRoute } from '../../server/auth/session-hook.ts';
import { drainClaims } from '../../server/db/claim-loop.ts';
import { startTimerWorker } from '../../server/entities/timer-worker.ts';
import { ok } from '../../server/http/errors.ts';
import { deliverPendingMail } from '../../server/mail/mail-worker.ts';
import { closeGracefully } from '../../server/observe/shutdown.ts';
import { CLOSE_RESTART, CLOSE_RESTART_REASON } from '../../server/observe/socket-metrics.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';
import { ChatClient } from '../support/chat-socket.ts';
import { eventually } from '../support/eventually.ts';

const TOKEN = 'scrape-token-0123456789abcdef';

/** Issue 58 item 2: stopping finishes what is in flight, takes nothing new, and tells sockets to reconnect. */
describe.each(BACKENDS)('graceful shutdown on %s', (backend) => {
  it('lets a slow request in flight finish while new connections are refused, and closes sockets with the restart code', async () => {
    const h = await ApiHarness.start(backend, [], { metricsAccess: { token: TOKEN, allow: [] } });
    let entered!: () => void;
    const inHandler = new Promise<void>((done) => (entered = done));
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    h.app.get('/test/slow', publicRoute(10), async () => {
      entered();
      await gate;
      return ok({ finished: true });
    });
    try {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
      const chat = ChatClient.open(base, {}, { token: await h.login('buyer') });
      await chat.opened();
      await chat.next((f) => f.type === 'unreadTotal');
      const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(metrics).toMatch(/^portico_websocket_connections\{endpoint="chat"\} 1$/m);
      expect(metrics).toMatch(/^portico_websocket_messages_total\{endpoint="chat",direction="out"\} [1-9]/m);
      const slow = fetch(`${base}/test/slow`).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
      await inHandler;
      const stopTimers = startTimerWorker(h.db, h.registry, 50);
      const closing = closeGracefully(h.app, 60_000, stopTimers);
      expect(await chat.closed).toEqual({ code: CLOSE_RESTART, reason: CLOSE_RESTART_REASON });
      // The listening socket is closed: a new connection is refused.
      const refused = await eventually(() => fetch(`${base}/healthz`).then(() => false, (err: Error) => /ECONNREFUSED/.test(String((err.cause as Error | undefined)?.message ?? err))), 10_000);
      expect(refused).toBe(true);
      release();
      expect(await slow).toEqual({ status: 200, body: { code: 200, data: { finished: true } } });
      // Everything finished without the grace's cut (the slow request's connection closed as it went idle).
      expect(await closing).toBe('drained');
    } finally {
      release();
      await h.close();
    }
  });

  it('gives claimed mail back when stopping between two sends, and claims no further row', async () => {
    const h = await ApiHarness.start(backend, [], { smtpConfigured: true });
    try {
      for (const n of [1, 2, 3]) await h.db.query("insert into outbox (to_address, subject, body, status) values ($1, 's', 'b', 'pending')", [`stop${n}@example.com`]);
      const stopping = new AbortController();
      const sent: string[] = [];
      const transport = {
        async sendMail(m: { to: string }) {
          sent.push(m.to);
          stopping.abort();
        },
      };
      expect(await deliverPendingMail(h.db, transport, 'Portico <no-reply@portico.test>', { signal: stopping.signal })).toBe(1);
      expect(sent).toEqual(['stop1@example.com']);
      const { rows } = await h.db.query<{ to_address: string; status: string; due: boolean }>(
        "select to_address, status, next_attempt_at <= now() as due from outbox where to_address like 'stop%' order by id",
      );
      // The rest not leased for ten minutes to a process that is going: due now, for another process or the next start.
      expect(rows.map((r) => [r.to_address, r.status, r.status === 'sent' || r.due])).toEqual([
        ['stop1@example.com', 'sent', true],
        ['stop2@example.com', 'pending', true],
        ['stop3@example.com', 'pending', true],
      ]);

      const queue = ['a', 'b', 'c'];
      const claims = new AbortController();
      const ran: string[] = [];
      const done = await drainClaims(
        h.db,
        async () => queue.shift(),
        async (_tx, item) => {
          ran.push(item);
          claims.abort();
        },
        async () => undefined,
        claims.signal,
      );
      expect([done, ran, queue]).toEqual([1, ['a'], ['b', 'c']]);
    } finally {
      await h.close();
    }
  });
});
