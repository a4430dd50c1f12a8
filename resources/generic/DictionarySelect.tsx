import { Select } from 'antd';
import { useDictionary } from './useDictionary';

interface Props {
  dicKey: string;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  className?: string;
  // Injected by the Form.Item around it.
  id?: string;
  value?: number | string;
  onChange?: (value: string | undefined) => void;
}

/** The enabled items of a dictionary (value = item value); opening it checks for a newer dictionary. */
export function DictionarySelect({ dicKey, value, ...props }: Props) {
  const { options, isLoading, refresh } = useDictionary(dicKey);
  return (
    <Select
      {...props}
      // Stored values may be numbers (an integer field); items' values are text.
      value={value === undefined || value === null ? undefined : String(value)}
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      options={options}
      onOpenChange={(open) => open && refresh()}
    />
  );
}
