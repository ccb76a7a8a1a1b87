import { createActor, fromCallback, type Actor, type ActorOptions, type AnyActorRef } from 'xstate';
import { chatConnectionMachine, type ChatConnectionEvent, type ChatSocketCommand } from '../../engine/chat-connection.ts';

/** The part of a browser WebSocket the chat uses (a fake one in tests). */
export interface ChatSocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
}

/** Where the connection is, for the panel. */
export type ChatStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'closed';

/** Tells `notify` when the network goes and comes back; returns how to stop listening. */
export type NetworkWatch = (notify: (online: boolean) => void) => () => void;

/** The browser's `offline`/`online` events on window (nothing to watch outside a browser). */
const browserNetwork: NetworkWatch = (notify) => {
  if (typeof window === 'undefined') return () => undefined;
  const offline = () => notify(false);
  const online = () => notify(true);
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
};

/** The ping string and its answer (server/chat/socket-protocol.ts; SPEC §7). */
const PING = 'ping';
const PONG = 'pong';

export interface ChatConnectionOptions {
  /** Opens a socket to the chat's address (the browser's WebSocket; a fake in tests). */
  open(): ChatSocketLike;
  /** Each JSON frame from the server. */
  onFrame(frame: unknown): void;
  onStatus(status: ChatStatus): void;
  /** How the server closed the last socket (a refusal's reason: `UNAUTHORIZED`, `CHAT_NOT_FOUND`…). */
  onClosed?(close: { code: number; reason: string }): void;
  /** The clock of the machine's timers (xstate's SimulatedClock in tests). */
  clock?: ActorOptions<typeof chatConnectionMachine>['clock'];
  /** Where offline/online come from (the browser's window events by default; a fake in tests). */
  network?: NetworkWatch;
}

/**
 * The chat socket, run by the chat connection machine (workflows/chat-connection.machine.ts): it
 * opens the socket, pings on the machine's timer, closes when no pong comes in time, and reconnects
 * by its rules (SPEC §9) — no timers of its own. The machine's `chatSocket` actor is the one socket
 * of a session: started on entering it, closed on leaving it.
 */
export class ChatConnection {
  private readonly actor: Actor<typeof chatConnectionMachine>;
  private socket?: ChatSocketLike;
  private status?: ChatStatus;
  private unwatch?: () => void;

  constructor(private readonly opts: ChatConnectionOptions) {
    const chatSocket = fromCallback<ChatSocketCommand, void>(({ sendBack, receive }) => {
      const socket = opts.open();
      this.socket = socket;
      let open = false;
      socket.onopen = () => {
        open = true;
        sendBack({ type: 'OPENED' });
      };
      socket.onmessage = (ev) => {
        if (ev.data === PONG) return sendBack({ type: 'PONG' });
        if (typeof ev.data !== 'string') return;
        try {
          opts.onFrame(JSON.parse(ev.data));
        } catch {
          // Not JSON: nothing the chat understands.
        }
      };
      socket.onclose = (ev) => {
        opts.onClosed?.({ code: ev.code, reason: ev.reason });
        sendBack({ type: 'SOCKET_CLOSED' });
      };
      receive((command) => {
        if (command.type === 'PING' && open) socket.send(PING);
      });
      return () => {
        // Leaving the session (pong missed, closed by the user): this socket is done; its late events are not.
        socket.onopen = socket.onmessage = socket.onclose = null;
        if (this.socket === socket) this.socket = undefined;
        socket.close();
      };
    });
    this.actor = createActor(chatConnectionMachine.provide({ actors: { chatSocket } }), opts.clock ? { clock: opts.clock } : {});
    this.actor.subscribe((snapshot) => this.report(statusOf(snapshot.value)));
  }

  start(): this {
    this.actor.start();
    this.unwatch = (this.opts.network ?? browserNetwork)((online) => this.deliver({ type: online ? 'ONLINE' : 'OFFLINE' }));
    return this;
  }

  /** Sends a frame when connected; false when there is no open connection. */
  send(frame: unknown): boolean {
    if (this.status !== 'connected' || !this.socket) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** The user closes the chat: no reconnecting. */
  close(): void {
    this.unwatch?.();
    this.deliver({ type: 'CLOSE' });
    this.actor.stop();
  }

  /** An event for the machine, unless it has already ended (gave up or was closed). */
  private deliver(event: ChatConnectionEvent): void {
    if (this.actor.getSnapshot().status === 'active') this.actor.send(event);
  }

  /** The machine's snapshot (tests). */
  get machine(): AnyActorRef {
    return this.actor;
  }

  private report(status: ChatStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.opts.onStatus(status);
  }
}

function statusOf(value: unknown): ChatStatus {
  if (value === 'closed') return 'closed';
  if (value === 'offline') return 'offline';
  if (value === 'waitingToReconnect' || value === 'disconnected') return 'reconnecting';
  if (typeof value === 'object' && value && 'session' in value && (value as { session: unknown }).session !== 'connecting') return 'connected';
  return 'connecting';
}
