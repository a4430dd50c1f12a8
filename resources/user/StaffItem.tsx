/** Building blocks of the staff dialog's sections: a contract field's item in the two-column grid. */
import { useTranslate } from '@refinedev/core';
import { Col, DatePicker, Divider, Form, Input, Row, type FormItemProps } from 'antd';
import { FormSelect } from '../generic/formChoices';
import type { RuleObject } from 'antd/es/form';
import type { ReactNode } from 'react';
import { staffEntity } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import { contractRule } from '../generic/rules';
import { useDatePickerLocale } from '../generic/useDatePickerLocale';
import { dateRule, DATE_FORMAT, type DATE_FIELDS, type StaffField } from './staffForm';

interface ItemProps extends Omit<FormItemProps, 'name' | 'label' | 'required' | 'rules'> {
  name: StaffField;
  locale: Locale;
  /** Rules after the contract's own (e.g. the phone's uniqueness). */
  rules?: RuleObject[];
  /** Replaces the contract rule over the raw value (dates are dayjs values in the form). */
  contract?: RuleObject;
  /** Spans both columns. */
  wide?: boolean;
}

/** A grid cell with the contract field's label, asterisk and rule. */
export function StaffItem({ name, locale, rules = [], contract, wide, children, ...item }: ItemProps) {
  const field = staffEntity.fields[name];
  return (
    <Col xs={24} md={wide ? 24 : 12}>
      <Form.Item {...item} name={name} label={field.label[locale]} required={field.required} rules={[contract ?? contractRule(field, locale), ...rules]} validateFirst>
        {children}
      </Form.Item>
    </Col>
  );
}

/** A typed text field. No maxLength: a cut would hide what was typed; the rule says the limit. */
export function TextItem({ name, locale, disabled, ...item }: Omit<ItemProps, 'children'> & { disabled?: boolean }) {
  const t = useTranslate();
  const field = staffEntity.fields[name];
  return (
    <StaffItem name={name} locale={locale} {...item}>
      <Input allowClear={!disabled} disabled={disabled} placeholder={t('resources.placeholder.input', { label: field.label[locale] })} />
    </StaffItem>
  );
}

/** A choice among the contract field's own options. */
export function ChoiceItem({ name, locale, ...item }: Omit<ItemProps, 'children'>) {
  const t = useTranslate();
  const field = staffEntity.fields[name];
  return (
    <StaffItem name={name} locale={locale} {...item}>
      <FormSelect
        showSearch
        optionFilterProp="label"
        placeholder={t('resources.placeholder.select', { label: field.label[locale] })}
        options={field.options?.map((o) => ({ value: o.value, label: o.label[locale] }))}
      />
    </StaffItem>
  );
}

/**
 * A date not after today, picked as a dayjs value and sent as 'YYYY-MM-DD'. Later days are not
 * disabled in the calendar: the picker would drop such a date typed by hand without a word, where
 * the rule keeps it and says it cannot be after today.
 */
export function DateItem({ name, locale }: { name: (typeof DATE_FIELDS)[number]; locale: Locale }) {
  const t = useTranslate();
  useDatePickerLocale();
  return (
    <StaffItem name={name} locale={locale} contract={dateRule(name, locale)}>
      <DatePicker
        className="staff-dialog__full"
        format={DATE_FORMAT}
        placeholder={t('resources.placeholder.select', { label: staffEntity.fields[name].label[locale] })}
      />
    </StaffItem>
  );
}

/** A titled group of fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider orientation="left" orientationMargin={0} className="staff-dialog__section">
        {title}
      </Divider>
      <Row gutter={16}>{children}</Row>
    </section>
  );
}
