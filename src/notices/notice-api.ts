import { request } from '../api/client.ts';
import type { MaintenanceNotice } from '../../engine/maintenance-notice.ts';

/** The notice as GET /api/sgs-im/im/getNotifyMsg answers it (SPEC §3). */
export interface NoticeRecord {
  id: string;
  finalPublishStatus: 0 | 1 | 2;
  weekDay: number;
  startDateTime: string;
  finishDateTime: string;
  /** JSON text: { "cn": "…", "en": "…" }. */
  publishRemark: string;
  /** Accounts that never see the notice, comma-separated. */
  whiteList: string;
}

/** A failed fetch is logged and closes the dialog (SPEC §8), it is not shown: quiet. */
export const getNotice = () => request<NoticeRecord | null>('/api/sgs-im/im/getNotifyMsg', { quiet: true });

export function isWhitelisted(notice: NoticeRecord | null, account: string | undefined): boolean {
  if (!notice || !account) return false;
  return notice.whiteList.split(/[,;\s]+/).some((a) => a.trim() && a.trim().toLowerCase() === account.toLowerCase());
}

/** The remark in the user's language (cn for zh-CN, en otherwise), the other one if that is empty. */
export function noticeRemark(notice: Pick<NoticeRecord, 'publishRemark'>, lang: string): string {
  try {
    const remark = JSON.parse(notice.publishRemark) as { cn?: string; en?: string };
    return (lang === 'zh-CN' ? remark.cn || remark.en : remark.en || remark.cn) ?? '';
  } catch {
    return notice.publishRemark;
  }
}

/** What the maintenance-notice machine needs, with the host's clock; no notice reads as finished (0). */
export function toMachineNotice(notice: NoticeRecord | null, now: Date): MaintenanceNotice {
  const day = now.getDay();
  return {
    finalPublishStatus: notice?.finalPublishStatus ?? 0,
    startTime: notice ? new Date(notice.startDateTime).toISOString() : '',
    endTime: notice ? new Date(notice.finishDateTime).toISOString() : '',
    now: now.toISOString(),
    isWeekend: day === 0 || day === 6,
  };
}
