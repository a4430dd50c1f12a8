import { useModalForm } from '@refinedev/antd';
import { useDataProvider, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo } from 'react';
import type { Locale } from '../../contract/i18n';
import { useLocale } from '../../src/i18n';
import { endpointOf, fixedFieldsOf, IN_USE_FLAG, type FormFieldSpec, type ResourceDefinition } from '../define';
import { FieldControl } from './FieldControl';
import { FormDialog } from './FormDialog';
import { fromFormValues, joinedSlots, newRecordValues, toFormValues, type FormValues } from './formValues';
import { debounceKeyCheck, isFreeAnswer, keyScope, type KeyCheck } from './keyCheck';
import { referenceOf } from './references';
import { contractRule, uniqueRule } from './rules';

export type FormAction = 'create' | 'edit';

interface Props {
  definition: ResourceDefinition;
  /** The menu title, shown in the dialog title. */
  title: string;
  action: FormAction;
  id?: BaseKey;
  /** Values a new record always gets (not shown): a detail's master. */
  fixedValues?: Record<string, unknown>;
  /** After the closing animation (saved or cancelled): the dialog may be unmounted. */
  afterClose?: () => void;
}

/** The key-availability call of a resource, debounced; undefined when it declares none. */
function useKeyCheck(definition: ResourceDefinition): KeyCheck | undefined {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const keyCheck = definition.keyCheck;
    if (!keyCheck) return undefined;
    return debounceKeyCheck(async (value, scope) => {
      const provider = dataProvider();
      if (!provider.custom) return true;
      const { data } = await provider.custom({
        url: `${endpointOf(definition)}/${keyCheck.path}`,
        method: 'get',
        // A key unique within another field (a role key per app) is asked with that value too.
        query: { ...scope, [keyCheck.param]: value },
      });
      return isFreeAnswer(data);
    });
  }, [dataProvider, definition]);
}

interface ItemProps {
  definition: ResourceDefinition;
  spec: FormFieldSpec;
  action: FormAction;
  locale: Locale;
  keyCheck: KeyCheck | undefined;
  /** The edited record is in use (its detail's flag): the fields of `fixedWhileUsed` are read-only. */
  inUse: boolean;
}

/**
 * One field: label and asterisk from the contract, its rule, and the unique check on add (with the
 * value of the field it is unique within, re-checked when that value changes).
 */
function FormField({ definition, spec, action, locale, keyCheck, inUse }: ItemProps) {
  const field = definition.entity.fields[spec.field];
  if (!field) throw new Error(`Resource "${definition.name}" has no field "${spec.field}" for its form`);
  if (spec.to !== undefined) return <RangeField definition={definition} spec={spec} action={action} locale={locale} inUse={inUse} />;
  const unique = definition.entity.unique?.field === spec.field ? definition.entity.unique : undefined;
  const rules: Rule[] = [contractRule(field, locale, spec.widget === 'slots' ? joinedSlots : undefined)];
  if (unique && action === 'create' && keyCheck) {
    rules.push(({ getFieldValue }) => uniqueRule(keyCheck, unique.duplicate[locale], () => keyScope(unique.within, getFieldValue)));
  }
  const usage = definition.fixedWhileUsed;
  const isFixedByUse = action === 'edit' && inUse && !!usage?.fields.includes(spec.field);
  return (
    <Form.Item
      name={spec.field}
      label={field.label[locale]}
      required={field.required}
      rules={rules}
      dependencies={unique?.within && action === 'create' ? [unique.within] : undefined}
      extra={isFixedByUse ? usage?.reason[locale] : undefined}
      validateFirst
    >
      <FieldControl
        spec={spec}
        field={field}
        locale={locale}
        reference={referenceOf(definition, spec.field)}
        disabled={(action === 'edit' && fixedFieldsOf(definition).includes(spec.field)) || isFixedByUse}
      />
    </Form.Item>
  );
}

/** Holds a field the item beside it shows (a range's end): renders nothing. */
function Held(_props: { value?: unknown; onChange?: (value: unknown) => void }) {
  return null;
}

/** Whether the edit form shows `field` read-only: fixed once created, or while the record is in use. */
function isReadOnly(definition: ResourceDefinition, field: string, action: FormAction, inUse: boolean): boolean {
  return action === 'edit' && (fixedFieldsOf(definition).includes(field) || (inUse && !!definition.fixedWhileUsed?.fields.includes(field)));
}

/**
 * A range of two fields (`spec.field` to `spec.to`) in one picker: each field keeps its own item,
 * rule and server message (shown under the range), the end held beside the picker.
 */
function RangeField({ definition, spec, action, locale, inUse }: Omit<ItemProps, 'keyCheck'>) {
  const form = Form.useFormInstance();
  const to = spec.to!;
  const start = definition.entity.fields[spec.field]!;
  const end = definition.entity.fields[to];
  if (!end) throw new Error(`Resource "${definition.name}" has no field "${to}" for the end of its range`);
  const endValue: unknown = Form.useWatch(to, form);
  const setEnd = (value: unknown) => {
    form.setFieldValue(to, value);
    form.validateFields([to]).catch(() => undefined);
  };
  return (
    <Form.Item label={`${start.label[locale]} ~ ${end.label[locale]}`} required={start.required || end.required}>
      <Form.Item name={spec.field} noStyle rules={[contractRule(start, locale)]} validateFirst>
        <FieldControl
          spec={spec}
          field={start}
          locale={locale}
          disabled={isReadOnly(definition, spec.field, action, inUse) || isReadOnly(definition, to, action, inUse)}
          end={{ value: endValue, onChange: setEnd }}
        />
      </Form.Item>
      <Form.Item name={to} noStyle rules={[contractRule(end, locale)]} validateFirst>
        <Held />
      </Form.Item>
    </Form.Item>
  );
}

/**
 * The add/edit dialog of a declarative resource: one form for both actions, on @refinedev/antd's
 * useModalForm (it loads the record, saves, closes on success and puts the server's per-field
 * messages under the fields). `fixedValues` go with a new record (a detail's master).
 */
export function ResourceForm({ definition, title, action, id, fixedValues, afterClose }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const keyCheck = useKeyCheck(definition);

  const { modalProps, formProps, form, query, close } = useModalForm<Record<string, unknown>, HttpError, FormValues>({
    resource: definition.name,
    action,
    id,
    defaultVisible: true,
    redirect: false,
    autoResetForm: false,
    warnWhenUnsavedChanges: false,
    successNotification: () => ({ message: t('messages.submitted'), type: 'success' }),
    errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
    queryOptions: { enabled: action === 'edit' && id !== undefined },
  });

  const record = query?.data?.data;
  const initialValues = useMemo(() => (action === 'edit' ? toFormValues(definition, record) : newRecordValues(definition)), [action, definition, record]);

  // Messages already shown follow a change of language.
  useEffect(() => {
    const shown = form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [locale, form]);

  const loadingRecord = action === 'edit' && !!query?.isLoading;
  const inUse = action === 'edit' && record?.[IN_USE_FLAG] === true;
  return (
    <FormDialog
      {...modalProps}
      form={form}
      onCancel={close}
      width={560}
      title={t(action === 'create' ? 'resources.dialog.create' : 'resources.dialog.edit', { title })}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ ...modalProps.okButtonProps, disabled: loadingRecord }}
      afterClose={afterClose}
      destroyOnHidden
    >
      <Form
        {...formProps}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        labelWrap
        disabled={loadingRecord}
        initialValues={initialValues}
        // A refused save stays open with the server's messages under the fields (and its msg shown).
        onFinish={(values) => Promise.resolve(formProps.onFinish?.(fromFormValues(definition, values, action === 'create' ? fixedValues : undefined))).catch(() => undefined)}
        className="generic-form"
        name={`${definition.name}-${action}`}
      >
        {definition.form.map((spec) => (
          <FormField key={spec.field} definition={definition} spec={spec} action={action} locale={locale} keyCheck={keyCheck} inUse={inUse} />
        ))}
      </Form>
    </FormDialog>
  );
}
