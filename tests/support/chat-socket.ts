import WebSocket from 'ws';

/** A chat socket client for tests: every frame it got, waits for one that matches, and its close. */
export class ChatClient {
  readonly frames: any[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { match(f: any): boolean; done(f: any): void }[] = [];

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((done) => socket.on('close', (code, reason) => done({ code, reason: reason.toString() })));
    socket.on('message', (raw) => {
      const text = raw.toString();
      const frame = text === 'pong' ? 'pong' : JSON.parse(text);
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.match(frame) ? (w.done(frame), false) : true));
    });
  }

  /** Opens /ws on `base` (http://host:port) with the query and, when given, the session token header. */
  static open(base: string, query: Record<string, string>, opts: { token?: string; headers?: Record<string, string> } = {}): ChatClient {
    const url = `${base.replace(/^http/, 'ws')}/ws?${new URLSearchParams(query)}`;
    const headers = { ...(opts.token ? { 'portico-auth': `bearer ${opts.token}` } : {}), ...opts.headers };
    return new ChatClient(new WebSocket(url, { headers }));
  }

  /** The first frame (seen or to come) that matches. */
  next(match: (f: any) => boolean, ms = 20_000): Promise<any> {
    const seen = this.frames.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(this.frames).slice(0, 500)}`)), ms);
      this.waiters.push({ match, done: (f) => (clearTimeout(timer), done(f)) });
    });
  }

  async opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return;
    await new Promise<void>((done, fail) => {
      this.socket.once('open', () => done());
      this.socket.once('error', fail);
    });
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  close(): Promise<unknown> {
    this.socket.close();
    return this.closed;
  }
}
