/** Integer fen ↔ the decimal yuan strings some protocols carry (Alipay's `total_amount`): exact, never a float. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Yuan as a decimal string ("12", "12.3", "12.34") to fen; undefined for anything else. */
export function yuanToFen(yuan: string | undefined): number | undefined {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan ?? '');
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
