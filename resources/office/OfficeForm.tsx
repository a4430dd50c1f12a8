import { useTranslate } from '@refinedev/core';
import { Button, Form, Input, Space } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isSiblingNameTaken, OFFICE_NAME_DUPLICATE, OFFICE_TYPES, officeEntity, officeParentError, OfficeType, type OfficeNode } from '../../contract/entities/office';
import { useLocale } from '../../providers/locale';
import { contractRule } from '../generic/rules';
import { FormRadioGroup, FormSelect } from '../generic/formChoices';
import { entityConflictLines } from '../generic/conflict';
import { serverFieldErrors } from '../generic/serverErrors';
import { useRecordConflict } from '../generic/useVersionedSave';
import { useUnsavedWork } from '../../src/unsavedWork/useUnsavedWork';
import { departmentOptions, flattenOffices } from './officeTree';
import { officeFormValues, officePayload, type OfficeFormValues } from './payload';
import { useOfficeDetail, useSaveOffice } from './useOfficeData';

const FIELDS = Object.keys(officeEntity.fields);

interface Props {
  action: 'create' | 'edit';
  tree: readonly OfficeNode[];
  /** Editing: the node (the tree's copy until its detail arrives). */
  node?: OfficeNode;
  /** Adding: the first values (type, and a group's parent). */
  initialValues?: OfficeFormValues;
  /** After a successful save, with the saved node's id when known. */
  onSaved: (id: number | undefined) => void;
  onCancel: () => void;
}

function savedId(data: unknown): number | undefined {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : data;
  return typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)) ? Number(id) : undefined;
}

/**
 * The organisation form (SPEC §2.7): type, parent organisation (groups only), name, remark. An edit
 * sends the version its detail was read at; a save refused because someone else changed the node
 * since keeps what was typed and shows their values beside it (useRecordConflict).
 */
export function OfficeForm({ action, tree, node, initialValues, onSaved, onCancel }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const [form] = Form.useForm<OfficeFormValues>();
  const editId = action === 'edit' ? node?.id : undefined;
  const { record, isLoading } = useOfficeDetail(editId);
  const { save, isSaving } = useSaveOffice();
  const [firstValues] = useState<OfficeFormValues>(() => (action === 'edit' && node ? officeFormValues(node) : (initialValues ?? { type: OfficeType.DEPARTMENT })));
  const type = Number(Form.useWatch('type', form) ?? firstValues.type);
  const isGroup = type === OfficeType.GROUP;
  // Typed and not saved: another node, closing the tab or a reload asks first.
  useUnsavedWork(() => form.isFieldsTouched());

  // Filled from the detail once: a later reading (after a refused save) leaves what was typed.
  const isFilled = useRef(false);
  useEffect(() => {
    if (!record || isFilled.current) return;
    isFilled.current = true;
    form.setFields(Object.entries(officeFormValues(record)).map(([name, value]) => ({ name: name as keyof OfficeFormValues, value })));
  }, [record, form]);

  // Messages already shown follow a change of language.
  useEffect(() => {
    const shown = form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [locale, form]);

  const parents = useMemo(() => departmentOptions(tree, editId), [tree, editId]);
  const { type: typeField, parentId: parentField, name: nameField, remark: remarkField } = officeEntity.fields;
  const nodes = useMemo(() => flattenOffices(tree), [tree]);
  const versions = useRecordConflict<OfficeNode>({
    record,
    form,
    isSaving,
    formValues: (current) => officeFormValues(current),
    lines: (read, current, typed) =>
      entityConflictLines(officeEntity, FIELDS, { read: officeFormValues(read), current: officeFormValues(current), typed }, locale, (field, value) =>
        field === 'parentId' ? nodes.find((n) => n.id === Number(value))?.name : undefined,
      ),
  });
  // The server refuses a sibling's name too (1005); this says so before saving.
  const nameRule: RuleObject = {
    validator: async (_rule, value) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const kind = Number(form.getFieldValue('type')) === OfficeType.GROUP ? OfficeType.GROUP : OfficeType.DEPARTMENT;
      const parentId = kind === OfficeType.GROUP ? Number(form.getFieldValue('parentId') ?? 0) : 0;
      if (isSiblingNameTaken(nodes, { parentId, name: value, id: editId })) throw new Error(OFFICE_NAME_DUPLICATE[kind][locale]);
    },
  };
  const parentRule: RuleObject = {
    validator: async (_rule, value) => {
      const message = officeParentError({ type: form.getFieldValue('type'), parentId: value }, locale);
      if (message) throw new Error(message);
    },
  };

  const submit = async (values: OfficeFormValues) => {
    try {
      const answer = await save(versions.withVersion(officePayload(values, locale, editId)));
      onSaved(editId ?? savedId(answer?.data));
    } catch (error) {
      if (versions.onRefused(error, values)) return;
      // The server refused: its per-field messages go under the fields (the toast shows its msg).
      form.setFields(serverFieldErrors(error, FIELDS).map(({ name, errors }) => ({ name: name as keyof OfficeFormValues, errors })));
    }
  };

  const placeholder = (label: string) => t('resources.placeholder.input', { label });
  return (
    <>
      {versions.notice}
      <Form
        form={form}
        name={`office-${action}`}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        labelWrap
        className="office-form"
        disabled={isLoading || isSaving}
        initialValues={firstValues}
        onFinish={submit}
      >
        <Form.Item name="type" label={typeField.label[locale]} required rules={[contractRule(typeField, locale)]}>
          <FormRadioGroup disabled={action === 'edit'} options={OFFICE_TYPES.map((option) => ({ value: option.value, label: option.label[locale] }))} />
        </Form.Item>
        {isGroup ? (
          <Form.Item
            name="parentId"
            label={parentField.label[locale]}
            required
            rules={[parentRule, contractRule(parentField, locale)]}
            validateFirst
            extra={parents.length === 0 ? t('office.manage.noDepartments') : undefined}
          >
            <FormSelect
              showSearch
              optionFilterProp="label"
              options={parents}
              placeholder={t('resources.placeholder.select', { label: parentField.label[locale] })}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="name" label={nameField.label[locale]} required rules={[contractRule(nameField, locale), nameRule]} dependencies={['type', 'parentId']} validateFirst>
          <Input placeholder={placeholder(nameField.label[locale])} />
        </Form.Item>
        <Form.Item name="remark" label={remarkField.label[locale]} rules={[contractRule(remarkField, locale)]} validateFirst>
          <Input.TextArea rows={4} placeholder={placeholder(remarkField.label[locale])} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving}>
              {t('buttons.save')}
            </Button>
            <Button onClick={onCancel} disabled={false}>
              {t('buttons.cancel')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}
