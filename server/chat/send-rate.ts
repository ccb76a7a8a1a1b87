/** How many messages one chat socket may send in a window: far above anyone typing, well below a script's flood. */
export const CHAT_SEND_LIMIT = { max: 20, seconds: 2 } as const;

/**
 * One socket's sending allowance over a sliding window: `take()` says whether one more message
 * may go now (and counts it). A refused message does not count.
 */
export function sendAllowance(limit: { max: number; seconds: number } = CHAT_SEND_LIMIT, now: () => number = Date.now): { take(): boolean } {
  const sent: number[] = [];
  return {
    take() {
      const at = now();
      while (sent.length && at - sent[0]! >= limit.seconds * 1000) sent.shift();
      if (sent.length >= limit.max) return false;
      sent.push(at);
      return true;
    },
  };
}
