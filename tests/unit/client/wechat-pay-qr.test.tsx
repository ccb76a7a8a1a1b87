// @vitest-environment happy-dom
import { act } from 'react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WechatPayQr from '../../../src/pages/payments/WechatPayQr.tsx';
import { renderWithTexts } from '../../support/render-i18n.tsx';

async function renderQr(lang: 'zh-CN' | 'en-US', props: Parameters<typeof WechatPayQr>[0]) {
  const rendered = await renderWithTexts(lang, <WechatPayQr {...props} />);
  await vi.waitFor(() => expect(rendered.host.querySelector('img')).not.toBeNull());
  return rendered;
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
