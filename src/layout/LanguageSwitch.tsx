import { useSetLocale, useTranslate } from '@refinedev/core';
import GlobalOutlined from '@ant-design/icons/es/icons/GlobalOutlined';
import { Dropdown } from 'antd';
import { LOCALES } from '../../contract/i18n';
import { useLocale } from '../i18n';

/** zh-CN / English; the choice is remembered (localStorage `locale`) and swaps antd's locale too. */
export function LanguageSwitch() {
  const t = useTranslate();
  const locale = useLocale();
  const changeLocale = useSetLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({ key: l, label: t(`shell.language.${l}`), lang: l })),
        onClick: ({ key }) => changeLocale(key),
      }}
    >
      <a role="button" href="#language" className="console-header__link" aria-label={t('shell.language')} onClick={(e) => e.preventDefault()}>
        <GlobalOutlined /> <span className="console-header__lang">{t(`shell.language.${locale}`)}</span>
      </a>
    </Dropdown>
  );
}
