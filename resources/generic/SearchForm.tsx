import { useTranslate } from '@refinedev/core';
import { Form, Select, type FormProps } from 'antd';
import { lazy, Suspense } from 'react';
// The plain input alone: the list needs none of TextArea, Password, Search or OTP.
import Input from 'antd/es/input/Input';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import { SearchButtons } from './SearchButtons';
import type { ReferenceSpec, ResourceDefinition } from '../define';
import { lookupKindOf, searchFormFields } from './filters';
import { DictionarySelect } from './DictionarySelect';
import { ReferenceSelect } from './ReferenceSelect';
import { referenceOf } from './references';
import { lookupRule, searchRule } from './searchRule';
import { lookupPlaceholder } from '../../contract/lookup';
import { searchLimit } from '../../contract/search';
import type { RangeInputProps } from './RangeInput';
import { rangeKindOf } from '../../contract/ranges';
import { AmountRangeInput, amountRangeRule } from './AmountRangeInput';

// The date pickers load only with a list that filters by a range.
const LazyRangeInput = lazy(() => import('./RangeInput'));

/** Passes the Form.Item's value and onChange through to the range picker once it has loaded. */
function RangeField(props: RangeInputProps) {
  return (
    <Suspense fallback={<Input disabled className="generic-search__range" />}>
      <LazyRangeInput {...props} />
    </Suspense>
  );
}

interface Props {
  definition: ResourceDefinition;
  locale: Locale;
  formProps: FormProps<Record<string, unknown>>;
}

interface InputProps {
  field: Field;
  reference: ReferenceSpec | undefined;
  label: string;
  locale: Locale;
  // Injected by the Form.Item around it.
  id?: string;
  value?: never;
  onChange?: (value: unknown) => void;
}

/** A referenced field picks a record, a choice an option; anything else is typed. */
function SearchInput({ field, reference, label, locale, ...control }: InputProps) {
  const t = useTranslate();
  const placeholder = t('resources.placeholder.select', { label });
  if (reference) return <ReferenceSelect {...control} reference={reference} allowClear className="generic-search__select" placeholder={placeholder} />;
  if (field.dictionary) return <DictionarySelect {...control} dicKey={field.dictionary} allowClear className="generic-search__select" placeholder={placeholder} />;
  if (field.options) {
    return (
      <Select
        {...control}
        allowClear
        className="generic-search__select"
        placeholder={placeholder}
        options={field.options.map((o) => ({ value: o.value, label: o.label[locale] }))}
      />
    );
  }
  return <Input {...control} allowClear placeholder={t('resources.placeholder.input', { label })} />;
}

/**
 * The search form over `definition.filters` (exact), `definition.search` (contains),
 * the whole-value lookups of masked fields (define.ts `lookupFieldsOf`) and `definition.ranges` (from–to),
 * with Query and Reset; `formProps` are useTable's
 * `searchFormProps` (its submit sets the filters, page 1).
 */
export function SearchForm({ definition, locale, formProps }: Props) {
  const names = searchFormFields(definition);
  const ranges = definition.ranges ?? [];
  if (names.length === 0 && ranges.length === 0) return null;
  return (
    <Form {...formProps} layout="inline" className="generic-search" name={`${definition.name}-search`}>
      {names.map((name) => {
        const field = definition.entity.fields[name];
        if (!field) return null;
        const label = field.label[locale];
        // A masked field is found only by its whole value: an exact input that says so.
        const maskKind = lookupKindOf(definition, name);
        if (maskKind) {
          return (
            <Form.Item key={name} name={name} label={label} rules={[lookupRule(maskKind, field.label, locale)]}>
              <Input allowClear placeholder={lookupPlaceholder(maskKind, locale)} />
            </Form.Item>
          );
        }
        // Typed text is a "contains" search, bounded like the server bounds it.
        const isTyped = !referenceOf(definition, name) && !field.dictionary && !field.options;
        return (
          <Form.Item key={name} name={name} label={label} rules={isTyped ? [searchRule(searchLimit(field), field.label, locale)] : undefined}>
            <SearchInput field={field} reference={referenceOf(definition, name)} label={label} locale={locale} />
          </Form.Item>
        );
      })}
      {ranges.map((name) => {
        const field = definition.entity.fields[name];
        const label = field?.label[locale] ?? name;
        // An amount is typed in yuan; a date picks days; an instant a date and time.
        if (field?.rule.kind === 'decimal') {
          return (
            <Form.Item key={name} name={name} label={label} rules={[amountRangeRule(field.rule.scale, field.label, locale)]}>
              <AmountRangeInput scale={field.rule.scale} />
            </Form.Item>
          );
        }
        return (
          <Form.Item key={name} name={name} label={label}>
            <RangeField withTime={!field || rangeKindOf(field) === 'instant'} />
          </Form.Item>
        );
      })}
      <SearchButtons
        onReset={() => {
          formProps.form?.resetFields();
          formProps.form?.submit();
        }}
      />
    </Form>
  );
}
