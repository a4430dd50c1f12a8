import { useTranslate } from '@refinedev/core';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import MoonOutlined from '@ant-design/icons/es/icons/MoonOutlined';
import SunOutlined from '@ant-design/icons/es/icons/SunOutlined';
import { Dropdown } from 'antd';
import { THEME_MODES } from '../../contract/preferences';
import { useConsoleTheme } from './ConsoleTheme';

const COMPACT = 'compact';

/**
 * The top bar's look menu: 跟随系统 / 浅色 / 深色, and 紧凑 on or off. A menu of the keyboard like the
 * language's (Enter opens it with the first item focused, arrows move, Enter picks); the chosen
 * entries are selected and carry a check (hidden, so not read out, on the others).
 */
export function ThemeSwitch() {
  const t = useTranslate();
  const { setting, isDark, choose } = useConsoleTheme();
  const check = (on: boolean) => <CheckOutlined style={{ visibility: on ? 'visible' : 'hidden' }} />;
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        items: [
          ...THEME_MODES.map((mode) => ({ key: mode, icon: check(setting.mode === mode), label: t(`shell.theme.${mode}`) })),
          { type: 'divider' as const },
          { key: COMPACT, icon: check(setting.compact), label: t('shell.theme.compact') },
        ],
        selectable: true,
        multiple: true,
        selectedKeys: setting.compact ? [setting.mode, COMPACT] : [setting.mode],
        onClick: ({ key }) => {
          if (key === COMPACT) void choose({ ...setting, compact: !setting.compact });
          else if (key !== setting.mode) void choose({ ...setting, mode: key as (typeof THEME_MODES)[number] });
        },
      }}
    >
      <a role="button" href="#theme" className="console-header__link" aria-label={t('shell.theme')} title={t('shell.theme')} onClick={(e) => e.preventDefault()}>
        {isDark ? <MoonOutlined /> : <SunOutlined />}
      </a>
    </Dropdown>
  );
}
