import { Select } from 'antd';
import type { ReferenceSpec } from '../define';
import { useDictionary } from './useDictionary';
import { useReferenceLabels } from './useReferenceLabels';
import { useReferenceOptions } from './useReferenceOptions';

interface Props {
  placeholder?: string;
  /** The most values the field holds: antd stops offering more once chosen. */
  maxCount?: number;
  allowClear?: boolean;
  disabled?: boolean;
  // Injected by the Form.Item around it: the values as they travel (item values, or ids).
  id?: string;
  value?: unknown;
  onChange?: (value: Array<string | number>) => void;
}

const heldValues = (value: unknown): Array<string | number> => (Array.isArray(value) ? value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number') : []);

/**
 * A tags field of a dictionary's items: its enabled items to choose several of. A value the record
 * holds but the dictionary has switched off (or no longer has) stays chosen, marked as such, and
 * can be removed; it is never offered to another record (the server keeps only what was held).
 */
export function DictionaryTagsSelect({ dicKey, value, ...props }: Props & { dicKey: string }) {
  const { options, describe, isLoading, refresh } = useDictionary(dicKey);
  const held = heldValues(value).map(String);
  // Not disabled: antd would then keep the tag from being removed.
  const extra = held.flatMap((v) => {
    const shown = describe(v);
    return shown && shown.state !== 'on' ? [{ value: v, label: shown.text, className: 'generic-tags__off' }] : [];
  });
  const listed = extra.length ? [...options, ...extra] : options;
  return (
    <Select
      {...props}
      mode="multiple"
      value={held}
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      options={listed}
      // Never a bare code: the item's label (marked when off), or nothing while the items load.
      labelRender={({ value: chosen }) => describe(chosen)?.text ?? ''}
      onOpenChange={(open) => open && refresh()}
    />
  );
}

/**
 * A tags field of records' ids: the referenced resource's first records to choose several of; a
 * chosen one beyond them is read by its id, so every chosen record shows its label.
 */
export function ReferenceTagsSelect({ reference, value, ...props }: Props & { reference: ReferenceSpec }) {
  const { options, isLoading } = useReferenceOptions(reference);
  const held = heldValues(value);
  const missing = isLoading ? [] : held.map(String).filter((id) => !options.some((option) => String(option.value) === id));
  const { labels } = useReferenceLabels(reference, missing);
  const extra = missing.flatMap((id) => {
    const label = labels.get(id);
    return label === undefined ? [] : [{ value: Number(id), label }];
  });
  return <Select {...props} mode="multiple" value={held} showSearch optionFilterProp="label" loading={isLoading} options={extra.length ? [...options, ...extra] : options} />;
}
