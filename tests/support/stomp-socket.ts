import WebSocket from 'ws';
import { FrameImpl, Parser } from '@stomp/stompjs';

export interface ReadFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** A raw STOMP-over-WebSocket client for tests (@stomp/stompjs's parser and frames): every frame it got, waits for one, its close. */
export class StompTestClient {
  readonly frames: ReadFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { match(f: ReadFrame): boolean; done(f: ReadFrame): void }[] = [];

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((done) => socket.on('close', (code, reason) => done({ code, reason: reason.toString() })));
    const parser = new Parser(
      (raw) => {
        const f = FrameImpl.fromRawFrame(raw, true);
        const frame = { command: f.command, headers: { ...(f.headers as Record<string, string>) }, body: f.body };
        this.frames.push(frame);
        this.waiters = this.waiters.filter((w) => (w.match(frame) ? (w.done(frame), false) : true));
      },
      () => undefined,
    );
    socket.on('message', (raw) => parser.parseChunk(raw.toString()));
  }

  /** Opens /stomp on `base` (http://host:port); `headers` are the upgrade request's (a cookie, an origin). */
  static open(base: string, headers: Record<string, string> = {}, query = ''): StompTestClient {
    return new StompTestClient(new WebSocket(`${base.replace(/^http/, 'ws')}/stomp${query}`, ['v12.stomp'], { headers }));
  }

  async opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return;
    await new Promise<void>((done, fail) => {
      this.socket.once('open', () => done());
      this.socket.once('error', fail);
    });
  }

  /** Sends a frame (FrameImpl.marshall), or raw text as it is. */
  async send(command: string, headers: Record<string, string> = {}, body = ''): Promise<void> {
    await this.opened();
    this.socket.send(FrameImpl.marshall({ command, headers, body, escapeHeaderValues: true }));
  }

  async sendRaw(text: string): Promise<void> {
    await this.opened();
    this.socket.send(text);
  }

  /** The first frame (seen or to come) that matches. */
  next(match: (f: ReadFrame) => boolean, ms = 20_000): Promise<ReadFrame> {
    const seen = this.frames.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(this.frames.map((f) => [f.command, f.body.slice(0, 80)]))}`)), ms);
      this.waiters.push({ match, done: (f) => (clearTimeout(timer), done(f)) });
    });
  }

  close(): Promise<unknown> {
    this.socket.close();
    return this.closed;
  }
}
