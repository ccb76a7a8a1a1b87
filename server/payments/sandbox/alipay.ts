import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicRoute } from '../../auth/session-hook.ts';
import { chinaTime, type AlipayConfig } from '../alipay.ts';
import { yuanToFen } from '../money.ts';
import { bareKey, rsa2Sign, rsa2Verify, signingString } from '../rsa2.ts';
import { SANDBOX_RATE, tradeNumber, type SandboxGateway, type SandboxOptions } from './gateway.ts';
import { escapeHtml, sandboxBanner, sandboxLanguage, sandboxText } from './texts.ts';

type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

interface Trade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  status: TradeStatus;
  refunded: boolean;
}

/** A pair of RSA 2048 keys, as generated at the sandbox's start (never stored, never committed). */
const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** The merchant's and Alipay's keys, made once per process (generating RSA keys takes a while on a busy machine). */
let processKeys: { merchant: ReturnType<typeof keyPair>; alipay: ReturnType<typeof keyPair> } | undefined;
const sandboxKeys = () => (processKeys ??= { merchant: keyPair(), alipay: keyPair() });

/**
 * Alipay's side of page pay, in the sandbox: the gateway verifies the merchant's RSA2 signature,
 * shows a pay page, and on Pay / Fail sends Alipay's signed asynchronous notify
 * (`trade_status_sync`: TRADE_SUCCESS or TRADE_CLOSED) to the request's `notify_url` and sends
 * the browser back to its `return_url` with the signed synchronous parameters. Its API answers
 * `alipay.trade.query`, `.refund` and `.close` as Alipay does (`{"<method>_response":{…},"sign":"…"}`).
 */
export function alipaySandbox(opts: SandboxOptions): SandboxGateway<AlipayConfig> & {
  /** A notify body for a trade signed with the sandbox's Alipay key (tests tamper with `overrides`). */
  notifyBody(outTradeNo: string, overrides?: Record<string, string>, key?: KeyObject): string;
} {
  const { merchant, alipay } = sandboxKeys();
  const config: AlipayConfig = {
    appId: '9021000000000000',
    sellerId: '2088000000000000',
    privateKey: bareKey(merchant.privateKey),
    alipayPublicKey: bareKey(alipay.publicKey),
    gateway: `${opts.baseUrl}/gateway.do`,
  };
  const trades = new Map<string, Trade>();

  const notifyFields = (t: Trade, overrides: Record<string, string> = {}, key: KeyObject = alipay.privateKey): Record<string, string> => {
    const now = chinaTime(new Date());
    const fields: Record<string, string> = {
      notify_time: now,
      notify_type: 'trade_status_sync',
      notify_id: randomUUID().replace(/-/g, ''),
      app_id: config.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      seller_id: config.sellerId,
      trade_status: t.status,
      total_amount: t.totalAmount,
      subject: t.subject,
      gmt_payment: now,
      ...overrides,
    };
    return { ...fields, sign_type: 'RSA2', sign: rsa2Sign(signingString(fields, ['sign', 'sign_type']), key) };
  };

  const gateway = {
    id: 'alipay' as const,
    config,
    notifyMode: 'send' as 'send' | 'drop',
    notifyBody(outTradeNo: string, overrides?: Record<string, string>, key?: KeyObject) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`no sandbox trade ${outTradeNo}`);
      return new URLSearchParams(notifyFields(t, overrides, key)).toString();
    },
    routes(scope: FastifyInstance) {
      const paramsOf = (req: FastifyRequest): Record<string, string> =>
        req.method === 'GET'
          ? Object.fromEntries(Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
          : Object.fromEntries(new URLSearchParams(typeof req.body === 'string' ? req.body : ''));

      /** Alipay's answer to an API call: the response node and the signature over its exact text. */
      const answer = (reply: FastifyReply, method: string, node: Record<string, string>) => {
        const content = JSON.stringify(node);
        const name = `${method.replace(/\./g, '_')}_response`;
        return reply
          .type('application/json;charset=utf-8')
          .send(`{"${name}":${content},"sign":"${rsa2Sign(content, alipay.privateKey)}"}`);
      };
      const fail = (sub: string, msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: sub, sub_msg: msg });

      const page = (reply: FastifyReply, lang: ReturnType<typeof sandboxLanguage>, body: string, status = 200) =>
        reply
          .status(status)
          // The page posts the payer's choice to this origin; a same-origin form post carries its Origin
          // only under a referrer policy that allows it (the portal's own is no-referrer).
          .header('referrer-policy', 'same-origin')
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(sandboxText('title', lang, { provider: sandboxText('providerName', lang) }))}</title>` +
              `<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#222}` +
              `h1{color:#1677ff;font-size:22px}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#666}` +
              `button{font-size:16px;padding:8px 24px;margin-right:12px;border-radius:6px;border:1px solid #1677ff;cursor:pointer}` +
              `.pay{background:#1677ff;color:#fff}.fail{background:#fff;color:#d4380d;border-color:#d4380d}.note{color:#8c8c8c;font-size:13px}</style></head>` +
              `<body>${sandboxBanner(lang)}<h1>${escapeHtml(sandboxText('title', lang, { provider: sandboxText('providerName', lang) }))}</h1>${body}</body></html>`,
          );

      /** `lang` (the portal's language, added by the order service) is the sandbox's own parameter, outside the signature. */
      const pagePay = (req: FastifyRequest, reply: FastifyReply, params: Record<string, string>, asked: string | undefined) => {
        const lang = sandboxLanguage(asked, req.headers['accept-language']);
        const bad = (detail: string) => page(reply, lang, `<p>${escapeHtml(sandboxText('badRequest', lang, { detail }))}</p>`, 400);
        if (params.app_id !== config.appId) return bad('app_id');
        if (params.sign_type !== 'RSA2' || !rsa2Verify(signingString(params), params.sign ?? '', merchant.publicKey)) return bad('sign');
        let biz: Record<string, string>;
        try {
          biz = JSON.parse(params.biz_content ?? '') as Record<string, string>;
        } catch {
          return bad('biz_content');
        }
        const outTradeNo = biz.out_trade_no ?? '';
        if (!/^[A-Za-z0-9_]{1,64}$/.test(outTradeNo)) return bad('out_trade_no');
        if (yuanToFen(biz.total_amount) === undefined) return bad('total_amount');
        if (!params.notify_url || !params.return_url) return bad('notify_url');
        const known = trades.get(outTradeNo);
        if (known && known.status !== 'WAIT_BUYER_PAY') {
          return page(reply, lang, `<p>${escapeHtml(sandboxText('done', lang, { status: known.status }))}</p>`);
        }
        const trade: Trade = known ?? {
          outTradeNo,
          tradeNo: tradeNumber(),
          totalAmount: biz.total_amount!,
          subject: biz.subject ?? '',
          notifyUrl: params.notify_url,
          returnUrl: params.return_url,
          status: 'WAIT_BUYER_PAY',
          refunded: false,
        };
        trades.set(outTradeNo, trade);
        const row = (k: Parameters<typeof sandboxText>[0], v: string) => `<dt>${escapeHtml(sandboxText(k, lang))}</dt><dd>${escapeHtml(v)}</dd>`;
        const base = new URL(opts.baseUrl).pathname;
        const other = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
        const langHref = `${base}/gateway.do?${new URLSearchParams({ ...params, lang: other }).toString()}`;
        return page(
          reply,
          lang,
          `<p class="note">${escapeHtml(sandboxText('notice', lang))}</p><dl>${row('merchant', config.sellerId)}${row('orderNo', outTradeNo)}${row('subject', trade.subject)}${row('amount', `¥ ${trade.totalAmount}`)}</dl>` +
            `<form method="post" action="${escapeHtml(`${base}/pay?lang=${lang}`)}"><input type="hidden" name="out_trade_no" value="${escapeHtml(outTradeNo)}">` +
            `<button class="pay" name="action" value="pay" type="submit">${escapeHtml(sandboxText('pay', lang))}</button>` +
            `<button class="fail" name="action" value="fail" type="submit">${escapeHtml(sandboxText('fail', lang))}</button></form>` +
            `<p><a href="${escapeHtml(langHref)}">${escapeHtml(sandboxText('switchLanguage', lang))}</a></p>`,
        );
      };

      const api = (reply: FastifyReply, params: Record<string, string>) => {
        const method = params.method ?? '';
        if (params.app_id !== config.appId) return answer(reply, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id', sub_msg: 'app_id' });
        if (params.sign_type !== 'RSA2' || !rsa2Verify(signingString(params), params.sign ?? '', merchant.publicKey)) {
          return answer(reply, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'sign' });
        }
        let biz: Record<string, string> = {};
        try {
          biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
        } catch {
          return answer(reply, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter', sub_msg: 'biz_content' });
        }
        const t = trades.get(biz.out_trade_no ?? '');
        if (!t) return answer(reply, method, fail('ACQ.TRADE_NOT_EXIST', 'trade does not exist'));
        const ok = { code: '10000', msg: 'Success', out_trade_no: t.outTradeNo, trade_no: t.tradeNo };
        if (method === 'alipay.trade.query') return answer(reply, method, { ...ok, trade_status: t.status, total_amount: t.totalAmount });
        if (method === 'alipay.trade.close') {
          if (t.status !== 'WAIT_BUYER_PAY') return answer(reply, method, fail('ACQ.TRADE_STATUS_ERROR', 'trade status error'));
          t.status = 'TRADE_CLOSED';
          return answer(reply, method, ok);
        }
        if (method === 'alipay.trade.refund') {
          if (t.status !== 'TRADE_SUCCESS') return answer(reply, method, fail('ACQ.TRADE_STATUS_ERROR', 'trade status error'));
          if (biz.refund_amount !== t.totalAmount) return answer(reply, method, fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', 'refund amount'));
          t.refunded = true;
          return answer(reply, method, { ...ok, fund_change: 'Y', refund_fee: t.totalAmount });
        }
        return answer(reply, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: method });
      };

      const gatewayRoute = async (req: FastifyRequest, reply: FastifyReply) => {
        const { lang, ...params } = paramsOf(req);
        return params.method === 'alipay.trade.page.pay' ? pagePay(req, reply, params, lang) : api(reply, params);
      };
      scope.get('/gateway.do', publicRoute(SANDBOX_RATE), gatewayRoute);
      scope.post('/gateway.do', publicRoute(SANDBOX_RATE), gatewayRoute);

      // The payer's choice on the pay page: the notify goes out, then the browser returns to the merchant.
      scope.post('/pay', publicRoute(SANDBOX_RATE), async (req, reply) => {
        const form = Object.fromEntries(new URLSearchParams(typeof req.body === 'string' ? req.body : ''));
        const t = trades.get(form.out_trade_no ?? '');
        const lang = sandboxLanguage((req.query as { lang?: string }).lang, req.headers['accept-language']);
        if (!t || t.status !== 'WAIT_BUYER_PAY') return reply.status(400).type('text/plain; charset=utf-8').send(sandboxText('badRequest', lang, { detail: 'out_trade_no' }));
        t.status = form.action === 'pay' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED';
        if (gateway.notifyMode === 'send') {
          try {
            await opts.fetch(t.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: gateway.notifyBody(t.outTradeNo) });
          } catch (err) {
            // Alipay would retry later; the merchant's order query covers a lost notify.
            console.error('alipay sandbox: notify not delivered', err);
          }
        }
        const back: Record<string, string> = {
          out_trade_no: t.outTradeNo,
          trade_no: t.tradeNo,
          total_amount: t.totalAmount,
          seller_id: config.sellerId,
          app_id: config.appId,
          method: 'alipay.trade.page.pay.return',
          charset: 'utf-8',
          timestamp: chinaTime(new Date()),
          version: '1.0',
        };
        const signedBack = { ...back, sign_type: 'RSA2', sign: rsa2Sign(signingString(back), alipay.privateKey) };
        const sep = t.returnUrl.includes('?') ? '&' : '?';
        return reply.redirect(`${t.returnUrl}${sep}${new URLSearchParams(signedBack).toString()}`, 303);
      });
    },
  };
  return gateway;
}

/** The Alipay sandbox as tests drive it (its notify bodies, its notify mode). */
export type AlipaySandbox = ReturnType<typeof alipaySandbox>;
