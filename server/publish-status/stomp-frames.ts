import { FrameImpl, Parser, type StompHeaders } from '@stomp/stompjs';

/** A client frame, its headers unescaped (STOMP 1.2; the first of a repeated header counts) and its body as text. */
export interface StompFrame {
  command: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** The commands a STOMP 1.2 client may send. */
const CLIENT_COMMANDS = new Set(['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT']);

/**
 * Reads a socket's STOMP frames with @stomp/stompjs's own parser (the one its client reads the
 * server with: frames split across or packed into socket messages, content-length, NUL-terminated
 * bodies, heart-beat EOLs). What is not a client frame — an unknown command, a partial frame
 * growing past `maxPending` bytes — is reported to `onBad`; the caller answers ERROR and closes.
 */
export class StompReader {
  private readonly parser: Parser;
  private pending = 0;
  private bad = false;

  constructor(
    onFrame: (frame: StompFrame) => void,
    private readonly onBad: () => void,
    private readonly maxPending: number,
  ) {
    this.parser = new Parser(
      (raw) => {
        this.pending = 0;
        if (this.bad) return;
        const command = raw.command ?? '';
        if (!CLIENT_COMMANDS.has(command)) return this.fail();
        const frame = FrameImpl.fromRawFrame(raw, true);
        onFrame({ command, headers: { ...(frame.headers as Record<string, string>) }, body: frame.body });
      },
      () => undefined,
    );
  }

  push(chunk: string | ArrayBuffer): void {
    if (this.bad) return;
    this.pending += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    try {
      this.parser.parseChunk(chunk);
    } catch {
      return this.fail();
    }
    if (this.pending > this.maxPending) this.fail();
  }

  private fail(): void {
    if (this.bad) return;
    this.bad = true;
    this.onBad();
  }
}

/** A server frame as text (@stomp/stompjs's FrameImpl: header escaping, content-length, the NUL). */
export function stompFrame(command: string, headers: StompHeaders, body = ''): string {
  return FrameImpl.marshall({ command, headers, body, escapeHeaderValues: true }) as string;
}
