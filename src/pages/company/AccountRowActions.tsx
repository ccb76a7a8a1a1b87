import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountPosts } from '../../../engine/index.ts';

export interface AccountRowActionsProps {
  row: AccountPosts;
  /** The row's posts were changed and not saved yet. */
  changed: boolean;
  saving: boolean;
  onSave: () => void;
  onEdit: () => void;
  onSwitch: (to: 'disable' | 'enable' | 'close') => void;
  onHistory: () => void;
}

/**
 * An account row's actions on /accountPost/index: save its posts, edit, disable or enable, close
 * for good (personal-data rights: asked to confirm, it cannot be undone), its post history. A
 * closed account keeps only its history.
 */
export function AccountRowActions({ row, changed, saving, onSave, onEdit, onSwitch, onHistory }: AccountRowActionsProps) {
  const { t } = useTranslation();
  const history = (
    <Button size="small" onClick={onHistory}>
      {t('accountPosts.history')}
    </Button>
  );
  if (row.accountState === 'closed') return <Space wrap>{history}</Space>;
  return (
    <Space wrap>
      <Button size="small" type="primary" disabled={!changed} loading={saving} onClick={onSave} data-testid={`save-posts-${row.account}`}>
        {t('accountPosts.save')}
      </Button>
      <Button size="small" onClick={onEdit} data-testid={`edit-${row.account}`}>
        {t('accountPosts.edit')}
      </Button>
      {row.accountState === 'enabled' ? (
        <Popconfirm title={t('accountPosts.disableConfirm', { account: row.account })} okText={t('accountPosts.disable')} cancelText={t('accountPosts.cancel')} onConfirm={() => onSwitch('disable')}>
          <Button size="small" data-testid={`disable-${row.account}`}>
            {t('accountPosts.disable')}
          </Button>
        </Popconfirm>
      ) : (
        <Button size="small" onClick={() => onSwitch('enable')} data-testid={`enable-${row.account}`}>
          {t('accountPosts.enable')}
        </Button>
      )}
      <Popconfirm
        title={t('accountPosts.closeTitle', { account: row.account })}
        description={t('accountPosts.closeConfirm')}
        okText={t('accountPosts.close')}
        okButtonProps={{ danger: true }}
        cancelText={t('accountPosts.cancel')}
        onConfirm={() => onSwitch('close')}
      >
        <Button size="small" danger data-testid={`close-${row.account}`}>
          {t('accountPosts.close')}
        </Button>
      </Popconfirm>
      {history}
    </Space>
  );
}
