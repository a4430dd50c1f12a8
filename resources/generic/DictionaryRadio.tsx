import { Radio } from 'antd';
import { useDictionaryChoices } from './useDictionary';

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
  const { current, listed } = useDictionaryChoices(dicKey, value);
  return <Radio.Group {...props} value={current} options={listed} onChange={(event) => onChange?.(String(event.target.value))} />;
}
