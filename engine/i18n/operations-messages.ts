import type { Language } from '../declaration/types.ts';

/** The operations routes' messages (server/observe/: /metrics, /readyz; docs/operations.md). */
export const OPERATIONS_MESSAGES = {
  METRICS_FORBIDDEN: {
    'zh-CN': '无权读取运行指标：请使用配置的令牌，或从允许的地址访问',
    'en-US': 'The metrics may be read only with the configured token or from an allowed address',
  },
  NOT_READY: { 'zh-CN': '服务尚未就绪，以下检查未通过：{checks}', 'en-US': 'The portal is not ready; these checks failed: {checks}' },
  READY_CHECK_DATABASE: { 'zh-CN': '数据库', 'en-US': 'database' },
  READY_CHECK_MIGRATIONS: { 'zh-CN': '数据库迁移', 'en-US': 'database migrations' },
  READY_CHECK_STORAGE: { 'zh-CN': '文件存储', 'en-US': 'file storage' },
  READY_CHECK_JOBS: { 'zh-CN': '后台任务池', 'en-US': 'job pool' },
} as const satisfies Record<string, Record<Language, string>>;
