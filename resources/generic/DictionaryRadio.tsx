import { Radio } from 'antd';
import { useMemo } from 'react';
import { useDictionary } from './useDictionary';

interface Props {
  dicKey: string;
  disabled?: boolean;
  // Injected by the Form.Item around it.
  id?: string;
  value?: number | string;
  onChange?: (value: string) => void;
}

/**
 * A dictionary's enabled items as radio buttons (`widget: 'radio'` on a dictionary field), for a
 * short dictionary read at a glance. As in the select: a value the record holds but the dictionary
 * has switched off shows marked, disabled, kept but never chosen anew.
 */
export function DictionaryRadio({ dicKey, value, onChange, ...props }: Props) {
  const { options, describe } = useDictionary(dicKey);
  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  const shown = current === undefined ? undefined : describe(current);
  const listed = useMemo(
    () => (current !== undefined && shown && shown.state !== 'on' ? [...options, { value: current, label: shown.text, disabled: true }] : options),
    [options, current, shown],
  );
  return <Radio.Group {...props} value={current} options={listed} onChange={(event) => onChange?.(String(event.target.value))} />;
}
