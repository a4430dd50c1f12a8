/**
 * antd's Select, TreeSelect and Radio.Group for a Form.Item. Form.Item marks its child
 * `aria-required`; these controls put it on a plain div, where ARIA does not allow it (axe:
 * aria-allowed-attr, critical). The label's required mark says it instead.
 */
import { Radio, Select, TreeSelect, type RadioGroupProps, type SelectProps, type TreeSelectProps } from 'antd';

export function FormSelect(props: SelectProps) {
  return <Select {...props} aria-required={undefined} />;
}

export function FormTreeSelect(props: TreeSelectProps) {
  return <TreeSelect {...props} aria-required={undefined} />;
}

export function FormRadioGroup(props: RadioGroupProps) {
  return <Radio.Group {...props} aria-required={undefined} />;
}
