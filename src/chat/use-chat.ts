import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session-store.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { ChatConnection, type ChatSocketLike, type ChatStatus } from './chat-connection.ts';
import { chatReducer, EMPTY_CHAT, type ChatFile, type ChatState } from './chat-state.ts';
import { chatKeys } from './chat-api.ts';

/** SPEC §7: the chat's address on our own origin (no TRF number: the user's own channel, with the unread count and their notifications); the HttpOnly session cookie authenticates it. */
export function chatUrl(number: string | undefined, userId: string | undefined, lang: string): string {
  const query = new URLSearchParams({ ...(userId ? { userId } : {}), userSource: 'SGSMART', ...(number ? { trfNo: number } : {}), lang });
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?${query}`;
}

/** The browser's WebSocket as the connection uses it. */
export function browserSocket(url: string): ChatSocketLike {
  const ws = new WebSocket(url);
  const like: ChatSocketLike = { send: (data) => ws.send(data), close: () => ws.close(), onopen: null, onmessage: null, onclose: null };
  ws.onopen = (ev) => like.onopen?.(ev);
  ws.onmessage = (ev) => like.onmessage?.({ data: ev.data });
  ws.onclose = (ev) => like.onclose?.({ code: ev.code, reason: ev.reason });
  return like;
}

export interface UseChat extends ChatState {
  status: ChatStatus;
  /** Why the server closed the socket, when it refused it (a message code). */
  refusal?: string;
  /** Sends a message: its text, and the files uploaded for it (either may be empty, not both). */
  send(body: string, files?: ChatFile[]): void;
  loadOlder(): void;
  /** Opens the chat again after it gave up reconnecting. */
  reconnect(): void;
}

const REFUSALS = new Set([4400, 4401, 4403, 4404]);

/** The chat of a record (its number): one connection while the panel is shown, run by the chat connection machine. */
export function useChat(number: string): UseChat {
  const userId = useSession((s) => s.userInfo?.id);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, EMPTY_CHAT);
  const [status, setStatus] = useState<ChatStatus>('connecting');
  const [refusal, setRefusal] = useState<string>();
  const [generation, setGeneration] = useState(0);
  const connection = useRef<ChatConnection | undefined>(undefined);
  const pending = useRef(state.pending);
  pending.current = state.pending;

  useEffect(() => {
    const conn = new ChatConnection({
      open: () => browserSocket(chatUrl(number, userId, lang)),
      onFrame: (frame) => {
        dispatch({ type: 'frame', frame });
        const type = (frame as { type?: string }).type;
        // The header's unread count follows what the chat reads and receives.
        if (type === 'unread' || type === 'message') void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
      },
      onStatus: (next) => {
        setStatus(next);
        if (next === 'connected') {
          setRefusal(undefined);
          // Messages not acknowledged before the connection dropped go again (the server stores each client id once).
          for (const p of pending.current) conn.send({ type: 'send', clientId: p.clientId, body: p.body, files: p.files });
        }
      },
      onClosed: ({ code, reason }) => {
        if (REFUSALS.has(code)) setRefusal(reason);
      },
    }).start();
    connection.current = conn;
    return () => conn.close();
  }, [number, userId, lang, generation, queryClient]);

  // What is shown is read: the server's read mark follows the latest message.
  const latest = state.messages.at(-1)?.id;
  useEffect(() => {
    if (latest !== undefined && status === 'connected') connection.current?.send({ type: 'read', upTo: latest });
  }, [latest, status]);

  const send = useCallback((body: string, files: ChatFile[] = []) => {
    const clientId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    dispatch({ type: 'sending', clientId, body, files });
    connection.current?.send({ type: 'send', clientId, body, files });
  }, []);
  const loadOlder = useCallback(() => {
    const first = state.messages[0]?.id;
    if (first === undefined || !connection.current?.send({ type: 'history', before: first })) return;
    dispatch({ type: 'loadingOlder' });
  }, [state.messages]);
  const reconnect = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, status, refusal, send, loadOlder, reconnect };
}
