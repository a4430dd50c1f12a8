import { useTranslate, type CrudFilter } from '@refinedev/core';
import { Form, Input, Select } from 'antd';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import { SearchButtons } from './SearchButtons';
import type { ReferenceSpec, ResourceDefinition } from '../define';
import { searchFilters, searchFormFields } from './filters';
import { ReferenceSelect } from './ReferenceSelect';
import { referenceOf } from './references';

interface Props {
  definition: ResourceDefinition;
  locale: Locale;
  onSearch: (filters: CrudFilter[]) => void;
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

/** The search form over `definition.filters` (exact) and `definition.search` (contains), with Query and Reset. */
export function SearchForm({ definition, locale, onSearch }: Props) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const names = searchFormFields(definition);
  if (names.length === 0) return null;
  return (
    <Form
      form={form}
      layout="inline"
      className="generic-search"
      name={`${definition.name}-search`}
      onFinish={(values) => onSearch(searchFilters(definition, values))}
    >
      {names.map((name) => {
        const field = definition.entity.fields[name];
        if (!field) return null;
        const label = field.label[locale];
        return (
          <Form.Item key={name} name={name} label={label}>
            <SearchInput field={field} reference={referenceOf(definition, name)} label={label} locale={locale} />
          </Form.Item>
        );
      })}
      <SearchButtons
        onReset={() => {
          form.resetFields();
          onSearch([]);
        }}
      />
    </Form>
  );
}
