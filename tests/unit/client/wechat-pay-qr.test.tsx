// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WechatPayQr from '../../../src/pages/payments/WechatPayQr.tsx';
import zhCN from '../../../src/i18n/zh-CN.json';
import enUS from '../../../src/i18n/en-US.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function renderQr(lang: 'zh-CN' | 'en-US', props: Parameters<typeof WechatPayQr>[0]) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } }, lng: lang, interpolation: { escapeValue: false } });
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  await act(async () => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <WechatPayQr {...props} />
      </I18nextProvider>,
    );
  });
  await vi.waitFor(() => expect(host.querySelector('img')).not.toBeNull());
  return { host, unmount: () => act(() => root.unmount()) };
}

describe('WeChat Pay QR code', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('renders the code_url as a QR code, with the texts in zh-CN and a sandbox link for an http code_url', async () => {
    const codeUrl = 'http://localhost:8080/sandbox/wechat/pay/abc';
    const onCheck = vi.fn();
    const { host, unmount } = await renderQr('zh-CN', { codeUrl, amountText: '¥123.45', onCheck });
    const img = host.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('微信支付二维码');
    const svg = decodeURIComponent(img.getAttribute('src')!.replace('data:image/svg+xml;charset=utf-8,', ''));
    expect(svg).toBe(await QRCode.toString(codeUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }));
    expect(host.textContent).toContain('请使用微信扫描二维码完成支付');
    expect(host.textContent).toContain('应付金额：¥123.45');
    const link = host.querySelector<HTMLAnchorElement>('[data-testid="wechat-sandbox-link"]')!;
    expect(link.getAttribute('href')).toBe(codeUrl);
    expect(link.textContent).toBe('沙箱环境：在本浏览器中打开支付页');
    await act(async () => host.querySelector<HTMLButtonElement>('[data-testid="wechat-check"]')!.click());
    expect(onCheck).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('shows no sandbox link for a real weixin:// code_url, in en-US', async () => {
    const { host, unmount } = await renderQr('en-US', { codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123' });
    expect(host.querySelector('img')!.getAttribute('alt')).toBe('WeChat Pay QR code');
    expect(host.textContent).toContain('Scan the QR code with WeChat to pay');
    expect(host.querySelector('[data-testid="wechat-sandbox-link"]')).toBeNull();
    expect(host.querySelector('[data-testid="wechat-check"]')).toBeNull();
    unmount();
  });
});
