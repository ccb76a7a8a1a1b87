import { Client } from '@stomp/stompjs';
import { headerToken } from '../auth/token-storage.ts';
import type { NoticeRecord } from './notice-api.ts';

/** SPEC §7: where the publish status is queried and pushed (server/publish-status/stomp-routes.ts). */
const QUERY_DESTINATION = '/app/queryPublishStatus';
const STATUS_TOPIC = '/topic/publishStatus';
const SYSTEM_ID = 101;
/** How long after a lost connection @stomp/stompjs connects again. */
const RECONNECT_MS = 5_000;

export interface PublishStatusPush {
  /** The notice pushed (or answered to the query on connecting); null for none. */
  onNotice(notice: NoticeRecord | null): void;
  /** The push is connected and subscribed (true) or lost (false). */
  onConnected(connected: boolean): void;
}

/**
 * The publish-status push: STOMP over WebSocket with @stomp/stompjs on our own origin. On each
 * connect it subscribes to the status topic and SENDs the query (token header, body systemId 101)
 * so the current status comes at once; every change is pushed after. The library reconnects after
 * a lost connection. The session cookie authenticates the socket; the header token, when the
 * session has one, goes in the `token` header too (SPEC §7). Returns the function that stops it.
 */
export function startPublishStatusPush(lang: string, host: PublishStatusPush): () => void {
  const token = headerToken();
  const tokenHeader: Record<string, string> = token ? { token } : {};
  let connected = false;
  const lost = () => {
    if (!connected) return;
    connected = false;
    host.onConnected(false);
  };
  const client = new Client({
    brokerURL: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/stomp?${new URLSearchParams({ lang })}`,
    connectHeaders: { ...tokenHeader, 'accept-language': lang },
    reconnectDelay: RECONNECT_MS,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    onConnect: () => {
      client.subscribe(STATUS_TOPIC, (message) => {
        try {
          host.onNotice(JSON.parse(message.body) as NoticeRecord | null);
        } catch {
          // Not JSON: not a status; the next push or poll brings the status.
        }
      });
      client.publish({ destination: QUERY_DESTINATION, headers: { ...tokenHeader, 'content-type': 'application/json' }, body: JSON.stringify({ systemId: SYSTEM_ID }) });
      connected = true;
      host.onConnected(true);
    },
    onWebSocketClose: lost,
    onStompError: lost,
  });
  client.activate();
  return () => {
    lost();
    void client.deactivate();
  };
}
