import { createServer, type Socket } from 'node:net';

export interface FakeSmtp {
  /** smtp://127.0.0.1:{port}, plus `query` (nodemailer's options, e.g. `greetingTimeout=500`). */
  url(query?: string): string;
  /** The DATA of each mail received, in order. */
  received: string[];
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * An SMTP server on a free loopback port for mail tests. `answering`: just enough of SMTP for
 * nodemailer to hand over a mail (greeting, EHLO, MAIL, RCPT, DATA, QUIT), each mail's DATA kept
 * in `received`. `stalled`: accepts connections and never says a word (a server that hangs).
 */
export async function startFakeSmtp(mode: 'answering' | 'stalled'): Promise<FakeSmtp> {
  const sockets = new Set<Socket>();
  const received: string[] = [];
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'answering') converse(socket, received);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (query) => `smtp://127.0.0.1:${port}${query ? `?${query}` : ''}`,
    received,
    connections: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** One SMTP conversation: a reply per command, DATA collected until the lone dot. */
function converse(socket: Socket, received: string[]): void {
  let buffer = '';
  let data: string[] | undefined;
  socket.write('220 fake.test ESMTP\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) {
        if (line === '.') {
          received.push(data.join('\n'));
          data = undefined;
          socket.write('250 2.0.0 queued\r\n');
        } else data.push(line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.test\r\n');
      else if (verb === 'DATA') {
        data = [];
        socket.write('354 go ahead\r\n');
      } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
}
