import { FloatButton, Popover, Typography } from 'antd';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import { useTranslation } from 'react-i18next';

const CHANNELS = ['hotline', 'email', 'hours'] as const;

/** The contact-us widget: a floating button opening the contact channels (texts from i18n). */
export function ContactUs() {
  const { t } = useTranslation();
  const panel = (
    <div style={{ maxWidth: 280 }} data-testid="contact-panel">
      {CHANNELS.map((c) => (
        <div key={c} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{t(`contact.${c}.label`)}</Typography.Text>
          <br />
          <Typography.Text copyable={c !== 'hours'}>{t(`contact.${c}.value`)}</Typography.Text>
        </div>
      ))}
    </div>
  );
  return (
    <Popover content={panel} title={t('contact.title')} trigger="click" placement="leftBottom">
      <FloatButton type="primary" icon={<CustomerServiceOutlined />} tooltip={t('contact.title')} aria-label={t('contact.title')} style={{ insetInlineEnd: 24 }} data-testid="contact-us" />
    </Popover>
  );
}
