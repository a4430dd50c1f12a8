import { useTranslate, type CrudFilter } from '@refinedev/core';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { Button, Form, Input, Select, Space } from 'antd';
import type { Locale } from '../../contract/i18n';
import type { ResourceDefinition } from '../define';
import { searchFilters } from './filters';

interface Props {
  definition: ResourceDefinition;
  locale: Locale;
  onSearch: (filters: CrudFilter[]) => void;
}

/** The search form over `definition.search`, with Query and Reset. */
export function SearchForm({ definition, locale, onSearch }: Props) {
  const t = useTranslate();
  const [form] = Form.useForm<Record<string, unknown>>();
  if (definition.search.length === 0) return null;
  return (
    <Form
      form={form}
      layout="inline"
      className="generic-search"
      name={`${definition.name}-search`}
      onFinish={(values) => onSearch(searchFilters(definition, values))}
    >
      {definition.search.map((name) => {
        const field = definition.entity.fields[name];
        if (!field) return null;
        const label = field.label[locale];
        return (
          <Form.Item key={name} name={name} label={label}>
            {field.options ? (
              <Select
                allowClear
                className="generic-search__select"
                placeholder={t('resources.placeholder.select', { label })}
                options={field.options.map((o) => ({ value: o.value, label: o.label[locale] }))}
              />
            ) : (
              <Input allowClear placeholder={t('resources.placeholder.input', { label })} />
            )}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('buttons.query')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch([]);
            }}
          >
            {t('buttons.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
