import type { ChatFile, ChatMessage } from '../../engine/index.ts';

export type { ChatFile, ChatMessage };

/** What the chat panel shows: stored messages in order, those sent but not yet acknowledged, paging, unread. */
export interface ChatState {
  messages: ChatMessage[];
  /** Sent by this client and not yet stored: re-sent with the same client id after a reconnect. */
  pending: { clientId: string; body: string; files: ChatFile[] }[];
  hasMore: boolean;
  loadingOlder: boolean;
  unread: number;
  /** The last error the server answered (its message is in the user's language). */
  error?: string;
}

export const EMPTY_CHAT: ChatState = { messages: [], pending: [], hasMore: false, loadingOlder: false, unread: 0 };

export type ChatAction =
  | { type: 'frame'; frame: unknown }
  | { type: 'sending'; clientId: string; body: string; files: ChatFile[] }
  | { type: 'loadingOlder' };

/** Messages by id, once each, oldest first. */
function merged(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** The chat's state after an action: a frame from the server, or the user sending or paging. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  if (action.type === 'sending') return { ...state, pending: [...state.pending, { clientId: action.clientId, body: action.body, files: action.files }], error: undefined };
  if (action.type === 'loadingOlder') return { ...state, loadingOlder: true };
  const f = action.frame as { type?: string } & Record<string, any>;
  switch (f.type) {
    case 'history': {
      const page = f.messages as ChatMessage[];
      const older = f.before !== undefined;
      // The latest page comes on every open (after a reconnect too): when older pages were loaded already, they say what remains.
      const pagedBefore = !older && state.messages.length > 0 && page.length > 0 && state.messages[0]!.id < page[0]!.id;
      return {
        ...state,
        messages: merged(state.messages, page),
        hasMore: pagedBefore ? state.hasMore : Boolean(f.hasMore),
        loadingOlder: older ? false : state.loadingOlder,
        unread: f.unread,
      };
    }
    case 'ack':
      return { ...state, messages: merged(state.messages, [f.message]), pending: state.pending.filter((p) => p.clientId !== f.clientId) };
    case 'message':
      return { ...state, messages: merged(state.messages, [f.message]) };
    case 'unread':
      return { ...state, unread: f.count };
    case 'error':
      return { ...state, error: f.message, pending: f.clientId ? state.pending.filter((p) => p.clientId !== f.clientId) : state.pending };
    default:
      return state;
  }
}
