/** China Standard Time (UTC+8, no daylight saving): the providers' clocks for order times. */
const OFFSET_MS = 8 * 3600_000;

const parts = (d: Date) => {
  const iso = new Date(d.getTime() + OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
};

/** RFC 3339 with the +08:00 offset, e.g. 2026-11-24T14:03:05+08:00 (WeChat Pay time_expire). */
export function beijingRfc3339(d: Date): string {
  const { date, time } = parts(d);
  return `${date}T${time}+08:00`;
}

/** YYYYMMDDhhmmss in Beijing time (UnionPay txnTime, payTimeout). */
export function beijingCompact(d: Date): string {
  const { date, time } = parts(d);
  return (date + time).replace(/[-:]/g, '');
}

/** The instant of a YYYYMMDDhhmmss Beijing time; undefined when malformed. */
export function parseBeijingCompact(s: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return undefined;
  const t = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(t) ? undefined : new Date(t);
}
