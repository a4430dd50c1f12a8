import { useTranslate } from '@refinedev/core';
import { Form, Select, type FormInstance } from 'antd';
// The plain input alone: the namespace would bring the password, OTP and text-area inputs (6 KB).
import Input from 'antd/es/input/Input';
import { useMemo } from 'react';
import { staffEntity } from '../../contract/entities/staff';
import type { Locale } from '../../contract/i18n';
import { searchLimit } from '../../contract/search';
import { searchRule } from '../generic/searchRule';
import { SearchButtons } from '../generic/SearchButtons';
import { staffFilters, type OfficeOption, type StaffFilters, type StaffSearchValues } from './staffList';
import type { RoleOption } from './useStaffData';

interface Props {
  locale: Locale;
  offices: OfficeOption[];
  roles: readonly RoleOption[];
  onSearch: (filters: StaffFilters) => void;
  /** The page's own form instance, when it sets the values itself (a saved view). */
  form?: FormInstance<StaffSearchValues>;
}

const TEXT_FIELDS = ['code', 'name', 'telephone'] as const;

interface FlatOffice {
  value: number;
  label: string;
}

/**
 * Departments and their groups as one flat list ("研发部", "研发部 / 一组"): a plain Select keeps
 * the tree widget (rc-tree) off the list's first load, and the path still tells the levels apart.
 */
export function flatOfficeOptions(nodes: readonly OfficeOption[], parent?: string, into: FlatOffice[] = []): FlatOffice[] {
  for (const node of nodes) {
    const label = parent ? `${parent} / ${node.title}` : node.title;
    into.push({ value: node.value, label });
    flatOfficeOptions(node.children, label, into);
  }
  return into;
}

/** Employee code, name, phone, department and role tags, with Query and Reset (SPEC §2.3). */
export function UserSearchForm({ locale, offices, roles, onSearch, form: given }: Props) {
  const t = useTranslate();
  const [form] = Form.useForm<StaffSearchValues>(given);
  const officeLabel = staffEntity.fields.officeId.label[locale];
  const rolesLabel = t('staff.search.roles');
  const officeList = useMemo(() => flatOfficeOptions(offices), [offices]);
  return (
    <Form form={form} layout="inline" className="generic-search" name="user-search" onFinish={(values) => onSearch(staffFilters(values))}>
      {TEXT_FIELDS.map((name) => {
        const field = staffEntity.fields[name];
        const label = field.label[locale];
        return (
          <Form.Item key={name} name={name} label={label} rules={[searchRule(searchLimit(field), field.label, locale)]}>
            <Input allowClear placeholder={t('resources.placeholder.input', { label })} />
          </Form.Item>
        );
      })}
      <Form.Item name="officeId" label={officeLabel}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          className="generic-search__select"
          popupMatchSelectWidth={false}
          placeholder={t('resources.placeholder.select', { label: officeLabel })}
          options={officeList}
        />
      </Form.Item>
      <Form.Item name="roleIds" label={rolesLabel}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          optionFilterProp="label"
          className="staff-search__roles"
          placeholder={t('resources.placeholder.select', { label: rolesLabel })}
          options={roles.map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      <SearchButtons
        onReset={() => {
          form.resetFields();
          onSearch({});
        }}
      />
    </Form>
  );
}
