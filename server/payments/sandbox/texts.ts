import { pickLanguage, type Language } from '../../../engine/index.ts';

/**
 * The texts of the sandbox gateways' pay pages (server-rendered HTML, so not the client's i18n
 * resources), in both interface languages; the page's language is the portal's (`lang` query
 * parameter, else Accept-Language).
 */
export const SANDBOX_TEXTS = {
  title: { 'zh-CN': '{provider}沙箱收银台', 'en-US': '{provider} sandbox checkout' },
  banner: { 'zh-CN': '沙箱 SANDBOX · 测试支付，不会发生真实扣款', 'en-US': 'SANDBOX · a test payment: no real money moves' },
  notice: {
    'zh-CN': '这是开发与测试用的沙箱网关，不会发生真实扣款。',
    'en-US': 'This is the sandbox gateway for development and testing: no real money moves.',
  },
  merchant: { 'zh-CN': '商户', 'en-US': 'Merchant' },
  orderNo: { 'zh-CN': '订单号', 'en-US': 'Order no.' },
  subject: { 'zh-CN': '商品', 'en-US': 'Item' },
  amount: { 'zh-CN': '金额', 'en-US': 'Amount' },
  pay: { 'zh-CN': '支付', 'en-US': 'Pay' },
  fail: { 'zh-CN': '支付失败', 'en-US': 'Fail' },
  badRequest: { 'zh-CN': '请求无效：{detail}', 'en-US': 'Invalid request: {detail}' },
  done: { 'zh-CN': '该订单已处理（{status}）。', 'en-US': 'This order is settled already ({status}).' },
  providerName: { 'zh-CN': '支付宝', 'en-US': 'Alipay' },
  switchLanguage: { 'zh-CN': 'English', 'en-US': '中文' },
} as const satisfies Record<string, Record<Language, string>>;

export type SandboxText = keyof typeof SANDBOX_TEXTS;

export function sandboxText(key: SandboxText, lang: Language, params: Record<string, string> = {}): string {
  return SANDBOX_TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
}

export function sandboxLanguage(query: string | undefined, acceptLanguage: string | undefined): Language {
  return pickLanguage(query === 'zh-CN' || query === 'en-US' ? query : acceptLanguage);
}

/**
 * The banner every sandbox page opens with (`data-sandbox-banner`): red, on top, in the page's
 * language, so nobody mistakes the page for the provider's.
 */
export function sandboxBanner(lang: Language): string {
  return `<div role="alert" data-sandbox-banner style="background:#cf1322;color:#fff;font-weight:700;font-size:18px;letter-spacing:.02em;padding:10px 16px;margin:0 0 16px;border-radius:4px;text-align:center">${escapeHtml(sandboxText('banner', lang))}</div>`;
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
