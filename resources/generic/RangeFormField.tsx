import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Locale, Text } from '../../contract/i18n';
import { fixedFieldsOf, type FormFieldSpec, type ResourceDefinition } from '../define';
import { FieldControl } from './FieldControl';
import { joinedSlots } from './formValues';
import { contractRule, crossFieldRule } from './rules';

interface Props {
  definition: ResourceDefinition;
  spec: FormFieldSpec;
  action: 'create' | 'edit';
  locale: Locale;
  /** Why a feature keeps a field read-only on edit (in use elsewhere), if it does. */
  lockOf: (field: string) => Text | undefined;
}

/** Holds the field the picker beside it shows (a range's end): renders nothing. */
function Held(_props: { value?: unknown; onChange?: (value: unknown) => void }) {
  return null;
}

/** Whether the edit form shows `field` read-only: fixed once created, or kept so by a feature (in use elsewhere). */
function isReadOnly(definition: ResourceDefinition, field: string, action: Props['action'], lockOf: Props['lockOf']): boolean {
  return action === 'edit' && (fixedFieldsOf(definition).includes(field) || lockOf(field) !== undefined);
}

/**
 * A range of two fields (`spec.field` to `spec.to`) in one picker: each field keeps its own item,
 * its rule, the rules over several fields that put their message on it, and the server's message
 * (all shown under the range); the end is held beside the picker.
 */
export function RangeFormField({ definition, spec, action, locale, lockOf }: Props) {
  const form = Form.useFormInstance();
  const { entity } = definition;
  const to = spec.to!;
  const start = entity.fields[spec.field]!;
  const end = entity.fields[to];
  if (!end) throw new Error(`Resource "${definition.name}" has no field "${to}" for the end of its range`);
  const endValue: unknown = Form.useWatch(to, form);
  const slotFields = new Set(definition.form.filter((item) => item.widget === 'slots').map((item) => item.field));
  const rulesOf = (name: string, field: typeof start): Rule[] => [
    contractRule(field, locale),
    ...entity.rules
      .filter((rule) => rule.on === name)
      .map((rule): Rule => ({ getFieldValue }) => crossFieldRule(entity, rule, locale, (other) => (slotFields.has(other) ? joinedSlots(getFieldValue(other)) : getFieldValue(other)))),
  ];
  const setEnd = (value: unknown) => {
    form.setFieldValue(to, value);
    form.validateFields([to]).catch(() => undefined);
  };
  return (
    <Form.Item label={`${start.label[locale]} ~ ${end.label[locale]}`} required={start.required || end.required}>
      <Form.Item name={spec.field} noStyle rules={rulesOf(spec.field, start)} validateFirst>
        <FieldControl
          spec={spec}
          field={start}
          locale={locale}
          // Unset when free, so the form's own `disabled` (while the record loads) applies.
          disabled={isReadOnly(definition, spec.field, action, lockOf) || isReadOnly(definition, to, action, lockOf) ? true : undefined}
          end={{ value: endValue, onChange: setEnd }}
        />
      </Form.Item>
      <Form.Item name={to} noStyle rules={rulesOf(to, end)} validateFirst>
        <Held />
      </Form.Item>
    </Form.Item>
  );
}
