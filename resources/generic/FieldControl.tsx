import { useTranslate } from '@refinedev/core';
import { Input, InputNumber, Radio, Select } from 'antd';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import type { FormFieldSpec, ReferenceSpec, WidgetKind } from '../define';
import { DictionarySelect } from './DictionarySelect';
import { ReferenceSelect } from './ReferenceSelect';
import { SlotsInput } from './SlotsInput';

interface Props {
  spec: FormFieldSpec;
  field: Field;
  locale: Locale;
  /** The field's `references` declaration (the `reference` widget lists that resource's records). */
  reference?: ReferenceSpec;
  disabled?: boolean;
  // antd's Form.Item injects these into its child; they pass through to whichever widget renders
  // (`never` lets the one value type flow into each widget's own without a cast).
  id?: string;
  value?: never;
  onChange?: (value: unknown) => void;
}

/** The declared widget; a referenced field gets the reference select, a dictionary's or a choice a select. */
export function widgetOf(spec: FormFieldSpec, field: Field, reference?: ReferenceSpec): WidgetKind {
  return spec.widget ?? (reference ? 'reference' : field.dictionary ? 'dictionary' : field.options ? 'select' : 'input');
}

/** The input a form field declares (`widget`), fed and read by the Form.Item around it. */
export function FieldControl({ spec, field, locale, reference, disabled, ...control }: Props) {
  const t = useTranslate();
  const label = field.label[locale];
  const options = field.options?.map((o) => ({ value: o.value, label: o.label[locale] }));
  switch (widgetOf(spec, field, reference)) {
    case 'textarea':
      return (
        <Input.TextArea
          {...control}
          disabled={disabled}
          rows={3}
          count={field.maxLength ? { show: true, max: field.maxLength } : undefined}
          placeholder={t('resources.placeholder.input', { label })}
        />
      );
    case 'number':
      return <InputNumber {...control} disabled={disabled} min={0} precision={0} className="generic-number" placeholder={t('resources.placeholder.input', { label })} />;
    case 'select':
      return <Select {...control} disabled={disabled} options={options} placeholder={t('resources.placeholder.select', { label })} />;
    case 'reference':
      if (!reference) throw new Error(`Field "${spec.field}" has the reference widget but no \`references\` declaration`);
      return <ReferenceSelect {...control} reference={reference} disabled={disabled} placeholder={t('resources.placeholder.select', { label })} />;
    case 'dictionary':
      if (!field.dictionary) throw new Error(`Field "${spec.field}" has the dictionary widget but no dictionary`);
      return <DictionarySelect {...control} dicKey={field.dictionary} disabled={disabled} placeholder={t('resources.placeholder.select', { label })} />;
    case 'radio':
      return <Radio.Group {...control} disabled={disabled} options={options} />;
    case 'slots':
      return <SlotsInput {...control} disabled={disabled} count={spec.slots?.count ?? 1} label={spec.slots?.label ?? spec.field} />;
    default:
      return <Input {...control} disabled={disabled} placeholder={t('resources.placeholder.input', { label })} />;
  }
}
