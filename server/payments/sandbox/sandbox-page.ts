import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The sandboxes' pay pages (dev and test only): small server-rendered HTML in zh-CN or en-US
 * (`?lang=`, else Accept-Language, else zh-CN), no script, so they work under the portal's CSP.
 */
export type SandboxLang = 'zh-CN' | 'en-US';

const TEXTS = {
  'zh-CN': {
    banner: '沙箱支付网关：仅用于开发与测试，不会发生真实扣款',
    wechat: '微信支付（沙箱）',
    unionpay: '银联在线支付（沙箱）',
    merchant: '商户',
    order: '订单号',
    subject: '商品',
    amount: '金额',
    pay: '支付',
    fail: '支付失败',
    paid: '支付成功',
    failed: '支付失败',
    closed: '订单已关闭或已过期',
    unknown: '订单不存在',
    notifyDelivered: '已向商户发送支付结果通知',
    notifyNotDelivered: '支付结果通知未送达商户，商户可通过订单查询得到结果',
    back: '返回商户',
    badRequest: '请求无效',
    language: 'English',
  },
  'en-US': {
    banner: 'Sandbox payment gateway: for development and tests only, no real money moves',
    wechat: 'WeChat Pay (sandbox)',
    unionpay: 'UnionPay online payment (sandbox)',
    merchant: 'Merchant',
    order: 'Order no.',
    subject: 'Item',
    amount: 'Amount',
    pay: 'Pay',
    fail: 'Fail the payment',
    paid: 'Payment successful',
    failed: 'Payment failed',
    closed: 'The order is closed or has expired',
    unknown: 'No such order',
    notifyDelivered: 'The payment notification was sent to the merchant',
    notifyNotDelivered: 'The payment notification did not reach the merchant; it can learn the outcome by querying the order',
    back: 'Back to the merchant',
    badRequest: 'Invalid request',
    language: '中文',
  },
} as const;

export type SandboxText = keyof (typeof TEXTS)['zh-CN'];

export function sandboxLang(req: FastifyRequest): SandboxLang {
  const q = (req.query as { lang?: string } | undefined)?.lang;
  if (q === 'en-US' || q === 'zh-CN') return q;
  const accept = String(req.headers['accept-language'] ?? '');
  return /^en\b/i.test(accept) ? 'en-US' : 'zh-CN';
}

export const sandboxText = (lang: SandboxLang, key: SandboxText): string => TEXTS[lang][key];

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Fen as yuan with two decimals, by integer arithmetic. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface PageRow {
  label: SandboxText;
  value: string;
}

export interface PageForm {
  action: string;
  label: SandboxText | 'pay' | 'fail';
  fields?: Record<string, string>;
  name: string;
}

/** One sandbox page: a title, rows of order facts, a message, and buttons (each a form POST). */
export function renderSandboxPage(p: { lang: SandboxLang; title: SandboxText; rows: PageRow[]; message?: SandboxText; forms: PageForm[]; langHref?: string }): string {
  const t = (k: SandboxText) => escapeHtml(sandboxText(p.lang, k));
  const rows = p.rows.map((r) => `<tr><th>${t(r.label)}</th><td data-field="${r.label}">${escapeHtml(r.value)}</td></tr>`).join('');
  const forms = p.forms
    .map((f) => {
      const hidden = Object.entries(f.fields ?? {})
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join('');
      return `<form method="post" action="${escapeHtml(f.action)}">${hidden}<button type="submit" name="${escapeHtml(f.name)}">${t(f.label)}</button></form>`;
    })
    .join('');
  const langLink = p.langHref ? `<p><a href="${escapeHtml(p.langHref)}" lang="${p.lang === 'zh-CN' ? 'en' : 'zh'}">${t('language')}</a></p>` : '';
  return `<!doctype html><html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t(p.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222}.banner{background:#fff3cd;padding:.5rem;border-radius:4px}th{text-align:left;padding-right:1rem}form{display:inline-block;margin:1rem 1rem 0 0}button{font-size:1rem;padding:.5rem 1.5rem}</style></head>
<body><p class="banner" role="note">${t('banner')}</p><h1>${t(p.title)}</h1><table>${rows}</table>${p.message ? `<p role="status" data-message="${p.message}">${t(p.message)}</p>` : ''}${forms}${langLink}</body></html>`;
}

/** Routes of a sandbox read their bodies as text (signatures cover bytes), in the sandbox's own plugin scope only. */
export function parseBodiesAsText(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  }
}

export const formFields = (body: unknown): Record<string, string> => Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
