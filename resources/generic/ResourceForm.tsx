import { useModalForm } from '@refinedev/antd';
import { useDataProvider, useInvalidate, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo } from 'react';
import { uniqueRuleOf } from '../../contract/entity';
import type { Locale } from '../../contract/i18n';
import { useLocale } from '../../providers/locale';
import { endpointOf, fixedFieldsOf, IN_USE_FLAG, type FormFieldSpec, type ResourceDefinition } from '../define';
import { FieldControl } from './FieldControl';
import { FormDialog } from './FormDialog';
import { RangeFormField } from './RangeFormField';
import { fromFormValues, joinedSlots, newRecordValues, toFormValues, type FormValues } from './formValues';
import { debounceKeyCheck, isFreeAnswer, keyScope, type KeyCheck, type KeyScope } from './keyCheck';
import { referenceOf } from './references';
import { contractRule, crossFieldRule, uniqueRule } from './rules';
import { staleRecordOf, useVersionedSave } from './useVersionedSave';

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
  /** The edited record (excluded from its own key check). */
  id: BaseKey | undefined;
}

/**
 * One field: label and asterisk from the contract, its rule, the rules over several fields that
 * put their message on it, and the key check while it can change (with the values of the other
 * fields of its unique rule, re-checked when those change; on edit, the record itself excluded).
 */
function FormField({ definition, spec, action, locale, keyCheck, inUse, id }: ItemProps) {
  const { entity } = definition;
  const field = entity.fields[spec.field];
  if (!field) throw new Error(`Resource "${definition.name}" has no field "${spec.field}" for its form`);
  if (spec.to !== undefined) return <RangeFormField definition={definition} spec={spec} action={action} locale={locale} inUse={inUse} />;
  const isFixed = action === 'edit' && fixedFieldsOf(definition).includes(spec.field);
  const unique = definition.keyCheck?.param === spec.field && !isFixed ? uniqueRuleOf(entity, spec.field) : undefined;
  const scopeFields = unique?.fields.slice(0, -1) ?? [];
  const crossRules = entity.rules.filter((rule) => rule.on === spec.field);
  const slotFields = new Set(definition.form.filter((item) => item.widget === 'slots').map((item) => item.field));
  const rules: Rule[] = [contractRule(field, locale, spec.widget === 'slots' ? joinedSlots : undefined)];
  for (const rule of crossRules) {
    rules.push(({ getFieldValue }) => crossFieldRule(entity, rule, locale, (name) => (slotFields.has(name) ? joinedSlots(getFieldValue(name)) : getFieldValue(name))));
  }
  if (unique && keyCheck) {
    const editedId: KeyScope = action === 'edit' && id !== undefined ? { id: String(id) } : {};
    rules.push(({ getFieldValue }) =>
      uniqueRule(keyCheck, unique.duplicate[locale], () => {
        const scope = keyScope(scopeFields, getFieldValue);
        return scope && { ...scope, ...editedId };
      }),
    );
  }
  const dependencies = [...new Set([...crossRules.flatMap((rule) => rule.fields), ...scopeFields])].filter((name) => name !== spec.field);
  const usage = definition.fixedWhileUsed;
  const isFixedByUse = action === 'edit' && inUse && !!usage?.fields.includes(spec.field);
  return (
    <Form.Item
      name={spec.field}
      label={field.label[locale]}
      required={field.required}
      rules={rules}
      dependencies={dependencies.length ? dependencies : undefined}
      extra={isFixedByUse ? usage?.reason[locale] : undefined}
      validateFirst
    >
      <FieldControl
        spec={spec}
        field={field}
        locale={locale}
        reference={referenceOf(definition, spec.field)}
        disabled={isFixed || isFixedByUse}
      />
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
  const invalidate = useInvalidate();

  const { modalProps, formProps, form, query, close, formLoading } = useModalForm<Record<string, unknown>, HttpError, FormValues>({
    resource: definition.name,
    action,
    id,
    defaultVisible: true,
    redirect: false,
    autoResetForm: false,
    warnWhenUnsavedChanges: false,
    successNotification: () => ({ message: t('messages.submitted'), type: 'success' }),
    // A save refused as stale says so in the dialog itself (useVersionedSave).
    errorNotification: (error) => (staleRecordOf(error) ? false : { message: error?.message || t('notifications.error'), type: 'error' }),
    queryOptions: { enabled: action === 'edit' && id !== undefined },
    // The record is read again only after a save that took: a refused one would reload the form over what was typed.
    invalidates: ['list', 'many'],
    onMutationSuccess: () => {
      if (action === 'edit' && id !== undefined) void invalidate({ resource: definition.name, invalidates: ['detail'], id });
    },
  });

  const record = query?.data?.data;
  const versions = useVersionedSave({ definition, record: action === 'edit' ? record : undefined, form, locale, isSaving: formLoading });
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
      {versions.notice}
      <Form
        {...formProps}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        labelWrap
        disabled={loadingRecord}
        initialValues={initialValues}
        // A refused save stays open with the server's messages under the fields (and its msg shown).
        // One changed by someone else since it was read stays open with what was typed, showing what they changed.
        onFinish={(values) =>
          Promise.resolve(formProps.onFinish?.(versions.withVersion(fromFormValues(definition, values, action === 'create' ? fixedValues : undefined)))).catch((error: unknown) => versions.onRefused(error, values))
        }
        className="generic-form"
        name={`${definition.name}-${action}`}
      >
        {definition.form.map((spec) => (
          <FormField key={spec.field} definition={definition} spec={spec} action={action} locale={locale} keyCheck={keyCheck} inUse={inUse} id={id} />
        ))}
      </Form>
    </FormDialog>
  );
}
