/**
 * Waits for a condition that arrives by notification (another process, or a change written
 * straight in SQL): polled until true or the deadline, which only catches a hang.
 */
export async function eventually(check: () => Promise<boolean>, deadlineMs = 20_000): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
