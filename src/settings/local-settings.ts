/**
 * Client settings in localStorage under one prefix, each stored with its type and the time it
 * was written (SPEC §3, local UI settings).
 */
const PREFIX = 'portico-';

interface StoredSetting<T> {
  type: string;
  content: T;
  datetime: number;
}

export function readSetting<T>(name: string): T | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    if (!raw) return undefined;
    return (JSON.parse(raw) as StoredSetting<T>).content;
  } catch {
    return undefined;
  }
}

export function writeSetting<T>(name: string, content: T): void {
  const stored: StoredSetting<T> = { type: typeof content, content, datetime: Date.now() };
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify(stored));
  } catch {
    // Storage may be full or disabled (private mode); the setting then lasts for the page only.
  }
}

export function removeSetting(name: string): void {
  try {
    localStorage.removeItem(PREFIX + name);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
