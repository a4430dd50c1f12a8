import { Select } from 'antd';
import { useDictionaryChoices } from './useDictionary';

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

/**
 * The enabled items of a dictionary (value = item value); opening it checks for a newer dictionary.
 * A value the record holds but the dictionary has switched off (or no longer has) shows marked as
 * such, and is listed for this record only, disabled: it can be kept, never chosen anew
 * (server/crud/handlers.ts checkDictionaries keeps a value a record already had).
 */
export function DictionarySelect({ dicKey, value, ...props }: Props) {
  const { current, listed, describe, isLoading, refresh } = useDictionaryChoices(dicKey, value);
  return (
    <Select
      {...props}
      value={current}
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      options={listed}
      // Never the bare code: the item's label (marked when off), or nothing while the items load.
      labelRender={({ value: selected }) => describe(selected)?.text ?? ''}
      onOpenChange={(open) => open && refresh()}
    />
  );
}
