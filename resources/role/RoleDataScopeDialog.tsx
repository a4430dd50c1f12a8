/**
 * A role's data scope (contract/dataScope.ts): which staff its holders may see and change. One of
 * the five scopes; "chosen departments" adds the organisation tree, where ticking a department
 * takes it with its groups. Read from ROLE_CALLS.dataScope, saved to ROLE_CALLS.saveDataScope
 * with the role's version: someone else's change of the role since (1012) keeps the choice and
 * shows theirs beside it (useRecordConflict). The super-admin role reaches everyone: shown read-only.
 * Its texts live here, not in the console's dictionaries: the dialog loads on first use.
 */
import { useCustom, useCustomMutation, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Empty, Form, Radio, Space, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { FormRadioGroup } from '../generic/formChoices';
import { useEffect, useMemo } from 'react';
import { DATA_SCOPES, DataScope, dataScopeError, SCOPE_OFFICES_MAX, type RoleDataScope } from '../../contract/dataScope';
import { SUPER_ADMIN_ROLE_KEY } from '../../contract/entities/role';
import type { OfficeNode } from '../../contract/entities/office';
import { format, text, type Locale } from '../../contract/i18n';
import { callUrl, ROLE_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import type { ConflictLine } from '../generic/conflict';
import { FormDialog } from '../generic/FormDialog';
import type { RowActionDialogProps } from '../generic/rowActions';
import { staleRecordOf, useRecordConflict } from '../generic/useVersionedSave';
import { childrenOf, walkOffices } from '../office/officeTree';
import { useOfficeTree } from '../office/useOfficeData';
import { chosenOffices, coveredGroups, tickedOffices, toggleOffice } from './scopeOffices';

const TEXTS = {
  title: text('数据权限 · {name}', 'Data scope · {name}'),
  scope: text('数据范围', 'Data scope'),
  offices: text('部门', 'Departments'),
  hint: text(
    '勾选部门即包含该部门及其下全部小组（含以后新建的小组）；也可只勾选部门下的某些小组。',
    'Ticking a department takes the department with all its groups (later ones too); you may also tick single groups.',
  ),
  count: text('已选 {count} / {max} 个', '{count} of at most {max} chosen'),
  noOffices: text('还没有部门，请先在组织机构中添加', 'There are no departments yet: add them under Organisation first'),
  superAdmin: text('超级管理员角色可查看和管理全部人员，数据范围不可修改', 'The super-admin role reaches every staff member; its data scope cannot be changed'),
  loadFailed: text('数据范围加载失败：{message}', 'The data scope failed to load: {message}'),
  saved: text('数据范围已保存', 'Data scope saved'),
};

export const ROLE_DATA_SCOPE_URL = callUrl(ROLE_CALLS.dataScope);
export const ROLE_SAVE_DATA_SCOPE_URL = callUrl(ROLE_CALLS.saveDataScope);

interface Values {
  dataScope: DataScope;
  officeIds: number[];
}

const scopeLabel = (scope: unknown, locale: Locale) => DATA_SCOPES.find((option) => option.value === Number(scope))?.label[locale] ?? String(scope ?? '');

interface TreeProps {
  tree: readonly OfficeNode[];
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  id?: string;
}

/** The organisation tree with a box per node; its value is the chosen nodes (scopeOffices.ts). */
function ScopeTree({ tree, value = [], onChange, disabled, id }: TreeProps) {
  const covered = coveredGroups(tree, value);
  const data: TreeDataNode[] = tree.map((department) => ({
    key: department.id,
    title: department.name,
    children: childrenOf(department).map((group) => ({ key: group.id, title: group.name, disableCheckbox: covered.has(group.id) })),
  }));
  return (
    <div id={id} style={{ maxHeight: '45vh', overflow: 'auto', border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 6, padding: 4 }}>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        defaultExpandAll
        treeData={data}
        checkedKeys={{ checked: tickedOffices(tree, value), halfChecked: [] }}
        onCheck={(_, info) => onChange?.(toggleOffice(tree, value, Number(info.node.key), info.checked))}
      />
    </div>
  );
}

export default function RoleDataScopeDialog({ record, open, onClose, afterClose }: RowActionDialogProps) {
  const t = useTranslate();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const isFixed = record.roleKey === SUPER_ADMIN_ROLE_KEY;
  const { query } = useCustom<BaseRecord, HttpError>({
    url: ROLE_DATA_SCOPE_URL,
    method: 'get',
    config: { query: { roleId: record.id } },
    // Read once per opening: a new read would set the form over what was chosen (a change meanwhile is caught by the version).
    queryOptions: { gcTime: 0, staleTime: 0, retry: false, refetchOnWindowFocus: false },
  });
  const offices = useOfficeTree();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, Record<string, unknown>>();
  const read = query.data?.data as RoleDataScope | undefined;
  const chosen = Form.useWatch('dataScope', form);
  const nodeNames = useMemo(() => new Map([...walkOffices(offices.tree)].map((node) => [node.id, node.name])), [offices.tree]);

  const toValues = (scope: RoleDataScope): Values => ({ dataScope: Number(scope.dataScope) as DataScope, officeIds: chosenOffices(offices.tree, scope.officeIds ?? []) });
  const namesOf = (ids: readonly number[]) => ids.map((id) => nodeNames.get(id) ?? `#${id}`).join(locale === 'zh-CN' ? '、' : ', ');
  const versions = useRecordConflict<RoleDataScope>({
    record: read,
    form,
    isSaving: mutation.isPending,
    isRecord: (current) => 'dataScope' in current,
    formValues: (scope) => ({ ...toValues(scope) }),
    lines: (before, now, typed) => {
      const lines: ConflictLine[] = [];
      if (Number(before.dataScope) !== Number(now.dataScope)) {
        lines.push({ field: 'dataScope', label: TEXTS.scope[locale], theirs: { kind: 'text', text: scopeLabel(now.dataScope, locale) }, mine: { kind: 'text', text: scopeLabel(typed.dataScope, locale) } });
      }
      const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));
      const mine = Number(typed.dataScope) === DataScope.CHOSEN ? ((typed.officeIds as number[] | undefined) ?? []) : [];
      if (!same(before.officeIds ?? [], now.officeIds ?? [])) {
        const view = (ids: readonly number[]) => (ids.length ? { kind: 'text' as const, text: namesOf(ids) } : { kind: 'empty' as const });
        lines.push({ field: 'officeIds', label: TEXTS.offices[locale], theirs: view(now.officeIds ?? []), mine: view(mine) });
      }
      return lines;
    },
  });

  const error = query.error ?? offices.error;
  const isLoading = query.isLoading || (offices.isFetching && offices.tree.length === 0 && !offices.isError);
  const ready = !isLoading && !error && read !== undefined;

  // A message already shown follows a change of language.
  useEffect(() => {
    if (!ready) return;
    const shown = form.getFieldsError().filter((field) => field.errors.length > 0).map((field) => field.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [locale, form, ready]);

  const save = async (values: Values) => {
    const dataScope = Number(values.dataScope) as DataScope;
    const officeIds = dataScope === DataScope.CHOSEN ? chosenOffices(offices.tree, values.officeIds ?? []) : [];
    try {
      await mutateAsync({
        url: ROLE_SAVE_DATA_SCOPE_URL,
        method: 'post',
        values: versions.withVersion({ roleId: record.id, dataScope, officeIds }),
        successNotification: () => ({ message: TEXTS.saved[locale], type: 'success' }),
        // A stale save says so in the dialog itself.
        errorNotification: (failure) => (staleRecordOf(failure) ? false : { message: failure?.message || t('notifications.error'), type: 'error' }),
      });
      onClose();
    } catch (failure) {
      // A stale save shows both sides; otherwise the server's message was shown. The choice stays for another try.
      versions.onRefused(failure, { dataScope, officeIds });
    }
  };

  return (
    <FormDialog
      form={form}
      open={open}
      width={560}
      title={format(TEXTS.title[locale], { name: String(record.name ?? '') })}
      okText={t('buttons.save')}
      okButtonProps={{ disabled: !ready, hidden: isFixed }}
      cancelText={isFixed ? t('buttons.close') : t('buttons.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      {versions.notice}
      {isFixed ? <Alert type="info" showIcon message={TEXTS.superAdmin[locale]} style={{ marginBottom: 12 }} /> : null}
      {error ? <Alert type="error" showIcon message={format(TEXTS.loadFailed[locale], { message: error.message })} /> : null}
      {isLoading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : null}
      {ready ? (
        <Form<Values>
          form={form}
          name="role-data-scope"
          layout="vertical"
          disabled={isFixed}
          initialValues={isFixed ? { dataScope: DataScope.ALL, officeIds: [] } : toValues(read)}
          onFinish={save}
        >
          <Form.Item name="dataScope" label={TEXTS.scope[locale]} required>
            <FormRadioGroup>
              <Space direction="vertical">
                {DATA_SCOPES.map((option) => (
                  <Radio key={option.value} value={option.value}>
                    {option.label[locale]}
                  </Radio>
                ))}
              </Space>
            </FormRadioGroup>
          </Form.Item>
          {Number(chosen) === DataScope.CHOSEN ? (
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {TEXTS.hint[locale]}
              </Typography.Paragraph>
              {offices.tree.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXTS.noOffices[locale]} /> : null}
              <Form.Item
                name="officeIds"
                label={TEXTS.offices[locale]}
                required
                extra={
                  <Form.Item noStyle shouldUpdate={(a, b) => a.officeIds !== b.officeIds}>
                    {() => format(TEXTS.count[locale], { count: (form.getFieldValue('officeIds') as number[] | undefined)?.length ?? 0, max: SCOPE_OFFICES_MAX })}
                  </Form.Item>
                }
                rules={[
                  {
                    validator: async (_, value: number[] | undefined) => {
                      const message = dataScopeError({ dataScope: DataScope.CHOSEN, officeIds: value ?? [] }, locale);
                      if (message) throw new Error(message);
                    },
                  },
                ]}
              >
                <ScopeTree tree={offices.tree} disabled={isFixed} />
              </Form.Item>
            </>
          ) : null}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      ) : null}
    </FormDialog>
  );
}
