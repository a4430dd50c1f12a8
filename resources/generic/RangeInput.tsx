import DatePicker from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { useTranslate } from '@refinedev/core';
import { useDatePickerLocale } from './useDatePickerLocale';

type Range = [Dayjs | null, Dayjs | null] | null;

export interface RangeInputProps {
  // Injected by the Form.Item around it.
  id?: string;
  value?: Range;
  onChange?: (value: Range) => void;
}

/** A date-time range (either end may stay open); its own chunk, loaded by a list that has a range. */
export default function RangeInput({ value, onChange, id }: RangeInputProps) {
  const t = useTranslate();
  useDatePickerLocale();
  return (
    <DatePicker.RangePicker
      id={id}
      value={value}
      onChange={(range) => onChange?.(range as Range)}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      allowEmpty={[true, true]}
      placeholder={[t('resources.range.start'), t('resources.range.end')]}
      className="generic-search__range"
    />
  );
}
