import { useTranslate } from '@refinedev/core';
import { Input, InputNumber, Radio, Select } from 'antd';
import { lazy, Suspense } from 'react';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import type { FormFieldSpec, ReferenceSpec, WidgetKind } from '../define';
import { DecimalInput } from './DecimalInput';
import { DictionaryRadio } from './DictionaryRadio';
import { DictionarySelect } from './DictionarySelect';
import { ReferenceSelect } from './ReferenceSelect';
import { SlotsInput } from './SlotsInput';
import { DictionaryTagsSelect, ReferenceTagsSelect } from './TagsSelect';

interface Props {
  spec: FormFieldSpec;
  field: Field;
  locale: Locale;
  /** The field's `references` declaration (the `reference` widget lists that resource's records). */
  reference?: ReferenceSpec;
  disabled?: boolean;
  /** A range's end field (`spec.to`): its value and setter, the start being the injected value. */
  end?: { value: unknown; onChange: (value: unknown) => void };
  // antd's Form.Item injects these into its child; they pass through to whichever widget renders
  // (`never` lets the one value type flow into each widget's own without a cast).
  id?: string;
  value?: never;
  onChange?: (value: unknown) => void;
}

// The pickers (and dayjs) load with a form that has a date.
const loadDates = () => import('./dateControls');
const DateInput = lazy(() => loadDates().then((m) => ({ default: m.DateInput })));
const DateRangeInput = lazy(() => loadDates().then((m) => ({ default: m.DateRangeInput })));

/** The input a field's rule implies: a date picker for a day or an instant, an amount input for a decimal. */
const WIDGET_OF_RULE: Partial<Record<Field['rule']['kind'], WidgetKind>> = { date: 'date', dateTime: 'dateTime', decimal: 'decimal' };

/** The declared widget; a tags field chooses several, a referenced field gets the reference select, a dictionary's or a choice a select, else its rule decides. */
export function widgetOf(spec: FormFieldSpec, field: Field, reference?: ReferenceSpec): WidgetKind {
  return spec.widget ?? (field.rule.kind === 'tags' ? 'tags' : reference ? 'reference' : field.dictionary ? 'dictionary' : field.options ? 'select' : (WIDGET_OF_RULE[field.rule.kind] ?? 'input'));
}

/** The input a form field declares (`widget`), fed and read by the Form.Item around it. */
export function FieldControl({ spec, field, locale, reference, disabled, end, ...control }: Props) {
  const t = useTranslate();
  const label = field.label[locale];
  const options = field.options?.map((o) => ({ value: o.value, label: o.label[locale] }));
  const widget = widgetOf(spec, field, reference);
  // Form.Item marks its child aria-required; antd's selects and radio groups put it on a plain
  // div, where ARIA does not allow it (axe: aria-allowed-attr). Their label's mark says it.
  const choice = { ...control, 'aria-required': undefined } as typeof control;
  if (widget === 'date' || widget === 'dateTime') {
    const picker = { ...control, disabled, withTime: widget === 'dateTime', placeholder: t('resources.placeholder.select', { label }) };
    return <Suspense fallback={null}>{end ? <DateRangeInput {...picker} end={end.value} onEndChange={end.onChange} /> : <DateInput {...picker} />}</Suspense>;
  }
  switch (widget) {
    case 'decimal':
      if (field.rule.kind !== 'decimal') throw new Error(`Field "${spec.field}" has the decimal widget but is not a decimal field`);
      return <DecimalInput {...control} scale={field.rule.scale} disabled={disabled} placeholder={t('resources.placeholder.input', { label })} />;
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
      return <Select {...choice} disabled={disabled} options={options} placeholder={t('resources.placeholder.select', { label })} />;
    case 'reference':
      if (!reference) throw new Error(`Field "${spec.field}" has the reference widget but no \`references\` declaration`);
      return <ReferenceSelect {...choice} reference={reference} disabled={disabled} placeholder={t('resources.placeholder.select', { label })} />;
    case 'dictionary':
      if (!field.dictionary) throw new Error(`Field "${spec.field}" has the dictionary widget but no dictionary`);
      return <DictionarySelect {...choice} dicKey={field.dictionary} disabled={disabled} placeholder={t('resources.placeholder.select', { label })} />;
    case 'tags': {
      if (field.rule.kind !== 'tags') throw new Error(`Field "${spec.field}" has the tags widget but is not a tags field`);
      const select = { ...choice, disabled, maxCount: field.rule.max, placeholder: t('resources.placeholder.select', { label }) };
      if (field.dictionary) return <DictionaryTagsSelect {...select} dicKey={field.dictionary} />;
      if (!reference) throw new Error(`Field "${spec.field}" has the tags widget but neither a dictionary nor a \`references\` declaration`);
      return <ReferenceTagsSelect {...select} reference={reference} />;
    }
    case 'radio':
      // A dictionary's items, or the field's own options.
      if (field.dictionary) return <DictionaryRadio {...choice} dicKey={field.dictionary} disabled={disabled} />;
      return <Radio.Group {...choice} disabled={disabled} options={options} />;
    case 'slots':
      return <SlotsInput {...control} disabled={disabled} count={spec.slots?.count ?? 1} label={spec.slots?.label ?? spec.field} />;
    default:
      return <Input {...control} disabled={disabled} placeholder={t('resources.placeholder.input', { label })} />;
  }
}
