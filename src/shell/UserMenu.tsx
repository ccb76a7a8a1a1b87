import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logOut } from '../auth/login.ts';
import { useSession } from '../auth/session-store.ts';

/** The user's name with a menu: user information, account settings, Log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const onLogout = async () => {
    await logOut().catch(() => undefined);
    message.success(t('user.loggedOut'));
    navigate('/login', { replace: true });
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'info', label: t('user.info'), onClick: () => navigate('/info/index') },
          { key: 'settings', label: t('user.settings'), onClick: () => navigate('/personality/settings') },
          { type: 'divider' },
          { key: 'logout', label: t('user.logout'), onClick: onLogout },
        ],
      }}
    >
      <Button type="text" style={{ color: '#fff' }} data-testid="user-menu">
        {user?.userName || user?.account}
      </Button>
    </Dropdown>
  );
}
