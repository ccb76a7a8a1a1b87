// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxNotice } from '../../../src/pages/payments/SandboxNotice.tsx';
import zhCN from '../../../src/i18n/zh-CN.json';
import enUS from '../../../src/i18n/en-US.json';
import { renderWithTexts } from '../../support/render-i18n.tsx';

const render = (lang: 'zh-CN' | 'en-US', sandbox: boolean | undefined) => renderWithTexts(lang, <SandboxNotice sandbox={sandbox} />);

/** The SANDBOX tag and warning on an order paid at a sandbox gateway (the server's `sandbox: true`). */
describe('payment sandbox notice', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the tag and the warning in both languages for a sandbox order', async () => {
    for (const [lang, texts] of [['zh-CN', zhCN], ['en-US', enUS]] as const) {
      const { host, unmount } = await render(lang, true);
      const notice = host.querySelector('[data-testid="payment-sandbox"]');
      expect(notice, lang).not.toBeNull();
      expect(notice!.querySelector('.ant-tag')!.textContent).toBe(texts.payment.sandboxTag);
      expect(notice!.textContent).toContain(texts.payment.sandboxNotice);
      unmount();
    }
    expect(enUS.payment.sandboxTag).toBe('SANDBOX');
  });

  it('shows nothing for a real order or an answer without the flag', async () => {
    for (const sandbox of [false, undefined]) {
      const { host, unmount } = await render('en-US', sandbox);
      expect(host.querySelector('[data-testid="payment-sandbox"]')).toBeNull();
      unmount();
    }
  });
});
