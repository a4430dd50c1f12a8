/**
 * The staff dialog's optional end per chosen role (contract/roleEnds.ts): beside each role the
 * administrator chose, a date-time picker; empty means the link does not end. One form item
 * (`roleEnds`: role id → dayjs or null), so the contract's rule and the server's refusal (1001 on
 * `roleEnds`) show under it like any other field's.
 */
import { DatePicker } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { Locale } from '../../contract/i18n';
import { roleEndMessages, roleEndProblem } from '../../contract/roleEnds';
import { useDatePickerLocale } from '../generic/useDatePickerLocale';
import type { RoleOption } from './useStaffData';

export type RoleEndValues = Record<string, Dayjs | null | undefined>;

export const ROLE_END_FORMAT = 'YYYY-MM-DD HH:mm';

interface Props {
  value?: RoleEndValues;
  onChange?: (value: RoleEndValues) => void;
  /** The chosen roles, in the order chosen. */
  roles: readonly RoleOption[];
  locale: Locale;
}

export function RoleEndsInput({ value = {}, onChange, roles, locale }: Props) {
  useDatePickerLocale();
  const label = roleEndMessages.label[locale];
  return (
    <div className="staff-role-ends">
      {roles.map((role) => (
        <div key={role.id} className="staff-role-ends__row">
          <span className="staff-role-ends__name">{role.name}</span>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={ROLE_END_FORMAT}
            allowClear
            aria-label={`${role.name} ${label}`}
            placeholder={label}
            value={value[String(role.id)] ?? null}
            onChange={(end) => onChange?.({ ...value, [String(role.id)]: end })}
          />
        </div>
      ))}
    </div>
  );
}

/** The contract's rule over every chosen role's end: none, or later than now. */
export function roleEndsRule(locale: Locale, chosen: () => readonly number[]): RuleObject {
  return {
    validator: async (_rule, value: RoleEndValues | undefined) => {
      for (const id of chosen()) {
        const problem = roleEndProblem(value?.[String(id)]?.valueOf());
        if (problem) throw new Error(problem[locale]);
      }
    },
  };
}
