import { useEffect, useState } from 'react';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface WechatPayQrProps {
  /** The `code_url` WeChat Pay answered (PayStart `{ kind: 'qr' }`). */
  codeUrl: string;
  /** The amount as the page shows it (Intl-formatted by the caller). */
  amountText?: string;
  /** When the order is cancelled if unpaid. */
  expiresAt?: Date;
  /** "I have paid": the caller asks the server for the outcome (the order query runs when no notify came). */
  onCheck?: () => void;
  checking?: boolean;
}

/** SVG of the QR code; `qrcode` is loaded only here, so only the pay page's chunk holds it. */
async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/**
 * WeChat Pay Native: the payer scans the order's code_url with WeChat. In the sandbox the code
 * leads to a page of this server, so a link opens it in this browser too.
 */
export default function WechatPayQr({ codeUrl, amountText, expiresAt, onCheck, checking }: WechatPayQrProps) {
  const { t, i18n } = useTranslation();
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(undefined);
    setFailed(false);
    qrSvg(codeUrl).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [codeUrl]);
  const sandbox = /^https?:\/\//.test(codeUrl);
  return (
    <Card title={t('paymentQr.title')} style={{ maxWidth: 360 }} data-testid="wechat-pay-qr">
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        {failed ? (
          <Alert type="error" showIcon title={t('paymentQr.failed')} />
        ) : (
          <div style={{ width: 240, height: 240 }}>{src && <img src={src} width={240} height={240} alt={t('paymentQr.alt')} data-code-url={codeUrl} />}</div>
        )}
        <Typography.Text>{t('paymentQr.scan')}</Typography.Text>
        {amountText && <Typography.Text strong>{t('paymentQr.amount', { amount: amountText })}</Typography.Text>}
        {expiresAt && <Typography.Text type="secondary">{t('paymentQr.expires', { time: expiresAt.toLocaleTimeString(i18n.language) })}</Typography.Text>}
        {sandbox && (
          <Typography.Link href={codeUrl} target="_blank" rel="noopener noreferrer" data-testid="wechat-sandbox-link">
            {t('paymentQr.sandbox')}
          </Typography.Link>
        )}
        {onCheck && (
          <Button type="primary" loading={checking} onClick={onCheck} data-testid="wechat-check">
            {t('paymentQr.check')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
