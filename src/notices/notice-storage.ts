import type { NoticeRecord } from './notice-api.ts';

/** The notice data kept for the browser session: the last notice seen and the start time already alerted. */
const KEY = 'portico_notice';

interface StoredNotice {
  notice?: NoticeRecord;
  alertedStartTime?: string;
}

function read(): StoredNotice {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as StoredNotice;
  } catch {
    return {};
  }
}

const write = (value: StoredNotice) => sessionStorage.setItem(KEY, JSON.stringify(value));

export const storedNotice = () => read().notice;
export const rememberNotice = (notice: NoticeRecord | null) => write({ ...read(), notice: notice ?? undefined });
export const alreadyAlerted = (startTime: string) => read().alertedStartTime === startTime;
export const rememberAlerted = (startTime: string) => write({ ...read(), alertedStartTime: startTime });
export const clearStoredNotice = () => sessionStorage.removeItem(KEY);
