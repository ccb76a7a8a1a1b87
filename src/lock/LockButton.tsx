import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLock } from './lock-store.ts';

/** The header's lock button: set a lock password, then the screen locks (/lock). */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const lock = ({ password }: { password: string }) => {
    useLock.getState().lock(password);
    setOpen(false);
    navigate('/lock');
  };
  return (
    <>
      <Button type="text" style={{ color: '#fff' }} onClick={() => setOpen(true)} data-testid="lock-button">
        {t('lock.lock')}
      </Button>
      <Modal open={open} title={t('lock.setTitle')} okText={t('lock.lock')} cancelText={t('lock.cancel')} onOk={() => form.submit()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={lock} preserve={false}>
          <Form.Item name="password" label={t('lock.password')} rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}>
            <Input.Password id="lock-password" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
