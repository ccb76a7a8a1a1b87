import { assign, sendTo, setup } from 'xstate';
import { hostCallback } from './effects.ts';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/**
 * The chat socket (SPEC §4 "Chat connection", §9): ping every 50 s, close when a ping gets no
 * answer within 5 s, reconnect 5 s later, at most 5 times, and only after a connection that
 * lasted more than 1 s; while the browser is offline it waits for the network instead of spending
 * attempts. Rules: chat-connection.rules.md.
 */
export type ChatConnectionEvent =
  | { type: 'OPENED' }
  | { type: 'PONG' }
  | { type: 'SOCKET_CLOSED' }
  | { type: 'CLOSE' }
  /** The browser lost its network (`offline` on window): the socket is dropped without waiting for a ping to fail. */
  | { type: 'OFFLINE' }
  /** The network is back (`online`): connect at once, with a fresh budget of attempts. */
  | { type: 'ONLINE' };

/** What the socket actor receives from the machine. */
export type ChatSocketCommand = { type: 'PING' };

export const CHAT_TIMING = { pingInterval: 50_000, pongTimeout: 5_000, reconnectDelay: 5_000, stableAfter: 1_000 } as const;
export const CHAT_MAX_RECONNECTS = 5;

export const chatConnectionMachine = setup({
  types: {
    context: {} as { attempts: number; lastedOverOneSecond: boolean },
    events: {} as ChatConnectionEvent,
  },
  guards: {
    canReconnect: ({ context }, params: { maxAttempts: number }) => context.lastedOverOneSecond && context.attempts < params.maxAttempts,
  },
  actions: {
    sendPing: sendTo('socket', { type: 'PING' } satisfies ChatSocketCommand),
    markOpened: assign({ lastedOverOneSecond: false }),
    markStable: assign({ lastedOverOneSecond: true, attempts: 0 }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    resetAttempts: assign({ attempts: 0 }),
  },
  actors: {
    /** Opens the WebSocket; sends back OPENED, PONG and SOCKET_CLOSED; sends PING on command. */
    chatSocket: hostCallback<ChatSocketCommand>('chatSocket'),
  },
  delays: CHAT_TIMING,
}).createMachine({
  id: 'chatConnection',
  initial: 'session',
  context: { attempts: 0, lastedOverOneSecond: false },
  meta: machineMeta<ChatConnectionEvent>({
    label: L('在线客服连接', 'Chat connection'),
    guards: {
      canReconnect: L('重连次数未超过 {maxAttempts} 次', 'at most {maxAttempts} reconnection attempts'),
    },
    events: {
      OPENED: { label: L('已连接', 'Opened') },
      PONG: { label: L('收到应答', 'Pong') },
      SOCKET_CLOSED: { label: L('连接断开', 'Socket closed') },
      CLOSE: { label: L('关闭', 'Close') },
      OFFLINE: { label: L('网络断开', 'Went offline') },
      ONLINE: { label: L('网络恢复', 'Back online') },
    },
  }),
  states: {
    session: {
      initial: 'connecting',
      meta: meta({ label: L('会话', 'Session') }),
      invoke: { id: 'socket', src: 'chatSocket' },
      on: { SOCKET_CLOSED: 'disconnected', CLOSE: 'closed', OFFLINE: 'offline' },
      states: {
        connecting: {
          meta: meta({ label: L('连接中', 'Connecting') }),
          on: { OPENED: 'connected' },
        },
        connected: {
          type: 'parallel',
          meta: meta({ label: L('已连接', 'Connected') }),
          entry: 'markOpened',
          states: {
            lifetime: {
              initial: 'young',
              meta: meta({ label: L('连接时长', 'Lifetime') }),
              states: {
                young: { meta: meta({ label: L('不足 1 秒', 'Under 1 s') }), after: { stableAfter: 'stable' } },
                stable: { meta: meta({ label: L('已稳定', 'Stable') }), entry: 'markStable' },
              },
            },
            heartbeat: {
              initial: 'idle',
              meta: meta({ label: L('心跳', 'Heartbeat') }),
              states: {
                idle: { meta: meta({ label: L('空闲', 'Idle') }), after: { pingInterval: 'awaitingPong' } },
                awaitingPong: {
                  meta: meta({ label: L('等待应答', 'Awaiting pong') }),
                  entry: 'sendPing',
                  on: { PONG: 'idle' },
                  after: { pongTimeout: '#chatConnection.disconnected' },
                },
              },
            },
          },
        },
      },
    },
    disconnected: {
      meta: meta({ label: L('已断开', 'Disconnected') }),
      always: [{ target: 'waitingToReconnect', guard: { type: 'canReconnect', params: { maxAttempts: CHAT_MAX_RECONNECTS } } }, { target: 'closed' }],
    },
    waitingToReconnect: {
      meta: meta({ label: L('等待重连', 'Waiting to reconnect') }),
      after: { reconnectDelay: { target: 'session', actions: 'countAttempt' } },
      on: { CLOSE: 'closed', OFFLINE: 'offline' },
    },
    offline: {
      meta: meta({ label: L('离线', 'Offline') }),
      on: { ONLINE: { target: 'session', actions: 'resetAttempts' }, CLOSE: 'closed' },
    },
    closed: { type: 'final', meta: meta({ label: L('已关闭', 'Closed') }) },
  },
});
