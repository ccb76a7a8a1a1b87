import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logOut } from '../auth/login.ts';
import { useSession } from '../auth/session-store.ts';

/** The user's name with a menu holding Log out. */
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
      menu={{ items: [{ key: 'logout', label: t('user.logout'), onClick: onLogout }] }}
    >
      <Button type="text" style={{ color: '#fff' }} data-testid="user-menu">
        {user?.userName || user?.account}
      </Button>
    </Dropdown>
  );
}
