import { useTranslate } from '@refinedev/core';
import { Form, Input } from 'antd';
import { FormDialog } from '../generic/FormDialog';
import { useEffect, useState } from 'react';
import { useLocale } from '../../providers/locale';
import { entityConflictLines } from '../generic/conflict';
import { serverFieldErrors } from '../generic/serverErrors';
import { useRecordConflict } from '../generic/useVersionedSave';
import { ELEMENT_KINDS, type ElementKind, type ElementRow } from './elements';
import { EntityFormItem, entityField } from './EntityFormItem';
import { elementFormValues, elementPayload, type ElementPlace, type FormValues } from './payload';
import type { DialogAction } from './selection';
import { ELEMENT_RESOURCE, useSaveNode } from './usePermissionData';

interface Props {
  kind: ElementKind;
  action: DialogAction;
  /** Where the element belongs: its app and its directory (page element) or page element (API). */
  place: ElementPlace;
  /** The row edited. */
  record?: ElementRow;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
  onSaved: () => void;
}

/**
 * The page-element dialog (page code, page name) and the API dialog (API code, name, address):
 * one form per kind for both adding and editing, its fields and rules from the kind's entity. An edit
 * sends the version the row was read at; a save refused because someone else changed the element
 * since keeps what was typed and shows their values beside it (useRecordConflict).
 */
export function ElementDialog({ kind, action, place, record, open, onClose, afterClose, onSaved }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const spec = ELEMENT_KINDS[kind];
  const [form] = Form.useForm<FormValues>();
  const { save, isSaving } = useSaveNode(ELEMENT_RESOURCE);
  const [initialValues] = useState(() => elementFormValues(kind, action === 'edit' ? record : undefined));
  const toForm = (row: ElementRow) => elementFormValues(kind, row);
  const versions = useRecordConflict<ElementRow>({
    record: action === 'edit' ? record : undefined,
    form,
    isSaving,
    formValues: toForm,
    lines: (read, current, typed) => entityConflictLines(spec.entity, spec.fields, { read: toForm(read), current: toForm(current), typed }, locale),
  });

  // Messages already shown follow a change of language.
  useEffect(() => {
    const shown = form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [locale, form]);

  const submit = async (values: FormValues) => {
    try {
      await save(versions.withVersion(elementPayload(kind, values, place, locale, action === 'edit' ? record?.id : undefined)));
      onSaved();
      onClose();
    } catch (error) {
      if (versions.onRefused(error, values)) return;
      form.setFields(serverFieldErrors(error, spec.fields));
    }
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t(`permission.dialog.${kind}.${action}`)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      {versions.notice}
      <Form
        form={form}
        name={`permission-${kind}-${action}`}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        labelWrap
        className="permission-form"
        initialValues={initialValues}
        onFinish={submit}
      >
        {spec.fields.map((name) => (
          <EntityFormItem key={name} entity={spec.entity} name={name} locale={locale}>
            <Input
              inputMode={entityField(spec.entity, name).storage === 'integer' ? 'numeric' : undefined}
              placeholder={t('resources.placeholder.input', { label: entityField(spec.entity, name).label[locale] })}
            />
          </EntityFormItem>
        ))}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDialog>
  );
}
