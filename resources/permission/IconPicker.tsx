import { Select } from 'antd';
import { MENU_ICON_NAMES } from '../../contract/menuIcons';
import { MenuIcon } from '../../src/layout/menuIconComponents';

interface Props {
  placeholder?: string;
  // Injected by the Form.Item around it.
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  'aria-invalid'?: boolean;
}

// Built once: every icon the console draws, shown beside its name (the names the server accepts).
const OPTIONS = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <span className="permission-icon-option">
      <span className="permission-form__icon" aria-hidden="true">
        <MenuIcon name={name} />
      </span>
      {name}
    </span>
  ),
}));

/** The menu dialog's icon: one of the console's icons (contract/menuIcons.ts), searchable by name. */
export function IconPicker({ value, ...props }: Props) {
  // aria-required (from Form.Item) is not allowed on antd Select's plain div (axe: aria-allowed-attr).
  return <Select {...props} aria-required={undefined} value={value || undefined} showSearch allowClear optionFilterProp="value" options={OPTIONS} popupMatchSelectWidth={false} />;
}
