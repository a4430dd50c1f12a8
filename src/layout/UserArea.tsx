import { useGetIdentity, useGo, useLogout, useTranslate } from '@refinedev/core';
import { useLocation } from 'react-router';
import { CHANGE_PASSWORD_ROUTE } from '../../contract/session';
import { changePasswordPath } from '../../providers/authProvider';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { LanguageSwitch } from './LanguageSwitch';

/** Right end of the top bar: who is signed in, the language, change password and the logout link. */
export function UserArea() {
  const t = useTranslate();
  const { data: identity } = useGetIdentity<{ name?: string }>();
  const { mutate: logout, isPending } = useLogout();
  const go = useGo();
  const { pathname, search } = useLocation();
  return (
    <div className="console-header__user">
      {identity?.name ? (
        <span className="console-header__name" title={identity.name}>
          <UserOutlined /> {identity.name}
        </span>
      ) : null}
      <LanguageSwitch />
      <a
        href={CHANGE_PASSWORD_ROUTE}
        className="console-header__link"
        onClick={(e) => {
          e.preventDefault();
          // Back to this page afterwards.
          go({ to: changePasswordPath(`${pathname}${search}`) });
        }}
      >
        {t('password.open')}
      </a>
      <a
        role="button"
        href="#logout"
        className="console-header__link"
        aria-disabled={isPending}
        onClick={(e) => {
          e.preventDefault();
          if (!isPending) logout();
        }}
      >
        {t('buttons.logout')}
      </a>
    </div>
  );
}
