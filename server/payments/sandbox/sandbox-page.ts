import type { FastifyRequest } from 'fastify';
import type { Language } from '../../../engine/index.ts';
import { fenToYuan } from '../money.ts';
import { escapeHtml, sandboxBanner, sandboxLanguage, sandboxText as sharedText, type SandboxText as SharedText } from './texts.ts';

/**
 * The WeChat Pay and UnionPay sandboxes' pages (dev and test only): small server-rendered HTML,
 * no script (the portal's CSP), in the portal's language. Texts: the shared ones of texts.ts and
 * the outcome texts these two gateways add.
 */
const PAGE_TEXTS = {
  wechat: { 'zh-CN': '微信支付（沙箱）', 'en-US': 'WeChat Pay (sandbox)' },
  unionpay: { 'zh-CN': '银联在线支付（沙箱）', 'en-US': 'UnionPay online payment (sandbox)' },
  paid: { 'zh-CN': '支付成功', 'en-US': 'Payment successful' },
  failed: { 'zh-CN': '支付失败', 'en-US': 'Payment failed' },
  closed: { 'zh-CN': '订单已关闭或已过期', 'en-US': 'The order is closed or has expired' },
  unknown: { 'zh-CN': '订单不存在', 'en-US': 'No such order' },
  notifyDelivered: { 'zh-CN': '已向商户发送支付结果通知', 'en-US': 'The payment notification was sent to the merchant' },
  notifyNotDelivered: {
    'zh-CN': '支付结果通知未送达商户，商户可通过订单查询得到结果',
    'en-US': 'The payment notification did not reach the merchant; it can learn the outcome by querying the order',
  },
  back: { 'zh-CN': '返回商户', 'en-US': 'Back to the merchant' },
} as const satisfies Record<string, Record<Language, string>>;

export type PageText = keyof typeof PAGE_TEXTS | SharedText;

export const pageText = (key: PageText, lang: Language): string => (key in PAGE_TEXTS ? PAGE_TEXTS[key as keyof typeof PAGE_TEXTS][lang] : sharedText(key as SharedText, lang));

export const requestLanguage = (req: FastifyRequest): Language => sandboxLanguage((req.query as { lang?: string } | undefined)?.lang, req.headers['accept-language']);

export interface PageRow {
  label: PageText;
  value: string;
}

/** A button: a form POST with hidden fields (UnionPay's signed front notify rides on one). */
export interface PageForm {
  action: string;
  label: PageText;
  name: string;
  fields?: Record<string, string>;
}

export function renderSandboxPage(p: { lang: Language; title: PageText; rows: PageRow[]; message?: PageText; forms: PageForm[]; langHref?: string }): string {
  const t = (k: PageText) => escapeHtml(pageText(k, p.lang));
  const rows = p.rows.map((r) => `<tr><th>${t(r.label)}</th><td data-field="${r.label}">${escapeHtml(r.value)}</td></tr>`).join('');
  const forms = p.forms
    .map((f) => {
      const hidden = Object.entries(f.fields ?? {})
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      return `<form method="post" action="${escapeHtml(f.action)}">${hidden}<button type="submit" name="${escapeHtml(f.name)}">${t(f.label)}</button></form>`;
    })
    .join('');
  const langLink = p.langHref ? `<p><a href="${escapeHtml(p.langHref)}">${t('switchLanguage')}</a></p>` : '';
  return `<!doctype html><html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t(p.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222}.note{background:#fff3cd;padding:.5rem;border-radius:4px}th{text-align:left;padding-right:1rem}form{display:inline-block;margin:1rem 1rem 0 0}button{font-size:1rem;padding:.5rem 1.5rem}</style></head>
<body>${sandboxBanner(p.lang)}<p class="note" role="note">${t('notice')}</p><h1>${t(p.title)}</h1><table>${rows}</table>${p.message ? `<p role="status" data-message="${p.message}">${t(p.message)}</p>` : ''}${forms}${langLink}</body></html>`;
}

export const formFields = (body: unknown): Record<string, string> => Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));

/** An order as a sandbox page shows it. */
export interface PageOrder {
  merchant: string;
  orderNo: string;
  subject?: string;
  amountFen: number;
}

/**
 * A sandbox's page about one order (or none: an unknown order): its facts, a message, the Pay and
 * Fail buttons when `payBase` is given (they post to `${payBase}/pay` and `/fail`), then `forms`.
 */
export function orderPage(p: { lang: Language; title: PageText; order?: PageOrder; message?: PageText; payBase?: string; forms?: PageForm[]; langHref?: string }): string {
  const o = p.order;
  const rows: PageRow[] = o
    ? [
        { label: 'merchant', value: o.merchant },
        { label: 'orderNo', value: o.orderNo },
        ...(o.subject !== undefined ? [{ label: 'subject' as const, value: o.subject }] : []),
        { label: 'amount', value: `¥${fenToYuan(o.amountFen)}` },
      ]
    : [];
  const buttons: PageForm[] = p.payBase
    ? [
        { action: `${p.payBase}/pay?lang=${p.lang}`, label: 'pay', name: 'pay' },
        { action: `${p.payBase}/fail?lang=${p.lang}`, label: 'fail', name: 'fail' },
      ]
    : [];
  return renderSandboxPage({ lang: p.lang, title: p.title, rows, ...(p.message ? { message: p.message } : {}), forms: [...buttons, ...(p.forms ?? [])], ...(p.langHref ? { langHref: p.langHref } : {}) });
}
