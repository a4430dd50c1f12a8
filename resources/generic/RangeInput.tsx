import DatePicker from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslate } from '@refinedev/core';
import { useDatePickerLocale } from './useDatePickerLocale';

type Range = [Dayjs | null, Dayjs | null] | null;
/** A saved view gives a range back as epoch milliseconds (contract/preferences.ts). */
type Bound = Dayjs | number | null;

export interface RangeInputProps {
  /** Days only (a date field's range), else dates with a time (an instant's). */
  withTime?: boolean;
  // Injected by the Form.Item around it.
  id?: string;
  value?: [Bound, Bound] | null;
  onChange?: (value: Range) => void;
}

const asDay = (bound: Bound): Dayjs | null => (typeof bound === 'number' ? dayjs(bound) : bound);

/** A date-time or a date range (either end may stay open); its own chunk, loaded by a list that has a range. */
export default function RangeInput({ value, onChange, id, withTime = true }: RangeInputProps) {
  const t = useTranslate();
  useDatePickerLocale();
  return (
    <DatePicker.RangePicker
      id={id}
      value={value ? [asDay(value[0]), asDay(value[1])] : value}
      onChange={(range) => onChange?.(range as Range)}
      showTime={withTime ? { format: 'HH:mm' } : false}
      format={withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
      allowEmpty={[true, true]}
      placeholder={[t('resources.range.start'), t('resources.range.end')]}
      className="generic-search__range"
    />
  );
}
