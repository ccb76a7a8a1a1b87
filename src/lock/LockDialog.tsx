import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLock } from './lock-store.ts';

/** The lock password dialog (loaded when the header's lock button is first pressed): on OK the screen locks (/lock). */
export default function LockDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  const lock = ({ password }: { password: string }) => {
    useLock.getState().lock(password);
    onClose();
    navigate('/lock');
  };
  return (
    <Modal open title={t('lock.setTitle')} okText={t('lock.lock')} cancelText={t('lock.cancel')} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={lock} preserve={false}>
        <Form.Item name="password" label={t('lock.password')} rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}>
          <Input.Password id="lock-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
