import { Form, type FormItemProps } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { Entity } from '../../contract/entity';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import { contractRule } from '../generic/rules';

/** The contract field `name` of `entity`; a missing one is a programming error. */
export function entityField(entity: Entity, name: string): Field {
  const field = entity.fields[name];
  if (!field) throw new Error(`The contract entity has no field "${name}"`);
  return field;
}

interface Props extends Omit<FormItemProps, 'name' | 'label' | 'required' | 'rules'> {
  entity: Entity;
  name: string;
  locale: Locale;
  /** Rules beyond the contract's own (checked after it). */
  rules?: RuleObject[];
}

/** A form item whose label, asterisk and first rule come from the contract field. */
export function EntityFormItem({ entity, name, locale, rules = [], children, ...item }: Props) {
  const field = entityField(entity, name);
  return (
    <Form.Item {...item} name={name} label={field.label[locale]} required={field.required} rules={[contractRule(field, locale), ...rules]} validateFirst>
      {children}
    </Form.Item>
  );
}
