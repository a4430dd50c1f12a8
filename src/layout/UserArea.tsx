import { useGetIdentity, useLogout, useTranslate } from '@refinedev/core';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { LanguageSwitch } from './LanguageSwitch';

/** Right end of the top bar: who is signed in, the language and the logout link. */
export function UserArea() {
  const t = useTranslate();
  const { data: identity } = useGetIdentity<{ name?: string }>();
  const { mutate: logout, isPending } = useLogout();
  return (
    <div className="console-header__user">
      {identity?.name ? (
        <span className="console-header__name" title={identity.name}>
          <UserOutlined /> {identity.name}
        </span>
      ) : null}
      <LanguageSwitch />
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
