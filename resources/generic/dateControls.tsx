/**
 * Date inputs of the generic form, their own chunk (dayjs and the pickers load with a form that has
 * one). Values are held as they travel: a day as 'YYYY-MM-DD', an instant as epoch milliseconds.
 */
import { useTranslate } from '@refinedev/core';
import DatePicker from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { isCalendarDate, MAX_INSTANT } from '../../contract/fields';
import { useDatePickerLocale } from './useDatePickerLocale';

export const DAY_FORMAT = 'YYYY-MM-DD';
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The held value as the picker's: a real day, or an instant in range; anything else shows empty. */
function pickerValue(value: unknown, withTime: boolean): Dayjs | null {
  if (withTime) return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INSTANT ? dayjs(value) : null;
  return typeof value === 'string' && isCalendarDate(value) ? dayjs(value, DAY_FORMAT) : null;
}

/** The picker's value as held: the local day, or the instant. */
function heldValue(picked: Dayjs | null, withTime: boolean): string | number | undefined {
  if (!picked) return undefined;
  return withTime ? picked.valueOf() : picked.format(DAY_FORMAT);
}

interface DateProps {
  withTime: boolean;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

/** A day ('YYYY-MM-DD'), or with `withTime` an instant picked as a local date and time. */
export function DateInput({ withTime, value, onChange, ...picker }: DateProps) {
  useDatePickerLocale();
  return (
    <DatePicker
      {...picker}
      value={pickerValue(value, withTime)}
      onChange={(picked) => onChange?.(heldValue(picked, withTime))}
      format={withTime ? TIME_FORMAT : DAY_FORMAT}
      showTime={withTime}
      className="generic-date"
    />
  );
}

interface RangeProps extends DateProps {
  /** The end's value and how to set it (the Form.Item injects only the start's). */
  end: unknown;
  onEndChange: (value: unknown) => void;
}

/** Two fields as one range picker: the start is the injected value, the end is held beside it. */
export function DateRangeInput({ withTime, value, onChange, end, onEndChange, placeholder: _placeholder, ...picker }: RangeProps) {
  const t = useTranslate();
  useDatePickerLocale();
  return (
    <DatePicker.RangePicker
      {...picker}
      value={[pickerValue(value, withTime), pickerValue(end, withTime)]}
      onChange={(range) => {
        onChange?.(heldValue(range?.[0] ?? null, withTime));
        onEndChange(heldValue(range?.[1] ?? null, withTime));
      }}
      format={withTime ? TIME_FORMAT : DAY_FORMAT}
      showTime={withTime}
      // Either end may be left empty: the fields' own rules say whether that is allowed.
      allowEmpty={[true, true]}
      placeholder={[t('resources.range.start'), t('resources.range.end')]}
      className="generic-date"
    />
  );
}
