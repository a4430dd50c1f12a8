import { useGetIdentity, useGo, useLogout, useTranslate } from '@refinedev/core';
import { useLocation } from 'react-router';
import { CHANGE_PASSWORD_ROUTE } from '../../contract/session';
import { changePasswordPath } from '../../providers/authProvider';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useLeaveGuard } from '../unsavedWork/useUnsavedWork';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * Right end of the top bar: who is signed in, the language, the look (theme), change password and
 * the logout link.
 * Both links leave the console's pages (and with them every open tab): they ask first when a form
 * holds unsaved work.
 */
export function UserArea() {
  const t = useTranslate();
  const { data: identity } = useGetIdentity<{ name?: string }>();
  const { mutate: logout, isPending } = useLogout();
  const go = useGo();
  const { pathname, search } = useLocation();
  const leave = useLeaveGuard();
  return (
    <div className="console-header__user">
      {identity?.name ? (
        <span className="console-header__name" title={identity.name}>
          <UserOutlined /> {identity.name}
        </span>
      ) : null}
      <LanguageSwitch />
      <ThemeSwitch />
      <a
        href={CHANGE_PASSWORD_ROUTE}
        className="console-header__link"
        // On a phone only the icon shows (the top menu needs the room): the name stays for all.
        aria-label={t('password.open')}
        title={t('password.open')}
        onClick={(e) => {
          e.preventDefault();
          // Back to this page afterwards.
          void leave(() => go({ to: changePasswordPath(`${pathname}${search}`) }));
        }}
      >
        <LockOutlined className="console-header__link-icon" />
        <span className="console-header__link-text">{t('password.open')}</span>
      </a>
      <a
        role="button"
        href="#logout"
        className="console-header__link"
        aria-disabled={isPending}
        aria-label={t('buttons.logout')}
        title={t('buttons.logout')}
        onClick={(e) => {
          e.preventDefault();
          if (!isPending) void leave(() => logout());
        }}
      >
        <LogoutOutlined className="console-header__link-icon" />
        <span className="console-header__link-text">{t('buttons.logout')}</span>
      </a>
    </div>
  );
}
