import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppMetrics } from './metrics.ts';

/** The endpoints' labels by path (anything else: `other`, so the label's values stay few). */
const ENDPOINTS: Record<string, string> = { '/ws': 'chat', '/stomp': 'stomp' };

/** The close code telling a client the server restarts: connect again shortly (RFC 6455 §7.4: 1012 Service Restart). */
export const CLOSE_RESTART = 1012;
/** Its reason, a code the client may show in its language. */
export const CLOSE_RESTART_REASON = 'SERVER_RESTART';

/**
 * Counts the WebSocket connections open and the messages each way, by endpoint, on the server
 * @fastify/websocket registered (every socket route shares it: the chat's /ws, the STOMP push).
 */
export function countSockets(app: FastifyInstance, metrics: AppMetrics): void {
  app.websocketServer.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const endpoint = ENDPOINTS[(req.url ?? '').split('?')[0] ?? ''] ?? 'other';
    metrics.wsConnections.inc({ endpoint });
    socket.on('message', () => metrics.wsMessages.inc({ endpoint, direction: 'in' }));
    socket.once('close', () => metrics.wsConnections.dec({ endpoint }));
    // Counted as sent: the socket's own send, wrapped once here.
    const send = socket.send.bind(socket) as (...args: unknown[]) => void;
    socket.send = ((...args: unknown[]) => {
      metrics.wsMessages.inc({ endpoint, direction: 'out' });
      send(...args);
    }) as WebSocket['send'];
  });
}

/**
 * On closing (`preClose`, before @fastify/websocket's own, which closes without a code): every
 * socket is told the server restarts (1012), so the chat and the push connect again, to this
 * process's successor or another process; the HTTP server then waits for them to finish closing.
 */
export function closeSocketsOnShutdown(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    for (const client of app.websocketServer?.clients ?? []) client.close(CLOSE_RESTART, CLOSE_RESTART_REASON);
    done();
  });
}
