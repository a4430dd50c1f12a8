import { useModalForm } from '@refinedev/antd';
import { useInvalidate, useTranslate, type BaseKey, type HttpError } from '@refinedev/core';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Locale, Text } from '../../contract/i18n';
import { useLocale } from '../../providers/locale';
import { fixedFieldsOf, type FormFieldSpec, type ResourceDefinition } from '../define';
import { fieldLock, useFieldRules } from './features';
import type { FieldRules, FormFieldContext } from './features/feature';
import { FieldControl } from './FieldControl';
import { FormDialog } from './FormDialog';
import { RangeFormField } from './RangeFormField';
import { fromFormValues, joinedSlots, newRecordValues, toFormValues, type FormValues } from './formValues';
import { referenceOf } from './references';
import { contractRule, crossFieldRule } from './rules';
import { staleRecordOf, useVersionedSave } from './useVersionedSave';
import { useSaveStep } from './useSaveStep';

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

interface ItemProps {
  definition: ResourceDefinition;
  spec: FormFieldSpec;
  action: FormAction;
  locale: Locale;
  /** The rules features add to a field (a key's availability). */
  featureRules: (field: FormFieldContext) => FieldRules;
  /** Why a feature keeps a field read-only on edit (in use elsewhere), if it does. */
  lockOf: (field: string) => Text | undefined;
  /** The edited record (excluded from its own key check). */
  id: BaseKey | undefined;
}

/**
 * One field: label and asterisk from the contract, its rule, the rules over several fields that
 * put their message on it, and the rules features add (re-checked when the fields they read change).
 */
function FormField({ definition, spec, action, locale, featureRules, lockOf, id }: ItemProps) {
  const { entity } = definition;
  const field = entity.fields[spec.field];
  if (!field) throw new Error(`Resource "${definition.name}" has no field "${spec.field}" for its form`);
  if (spec.to !== undefined) return <RangeFormField definition={definition} spec={spec} action={action} locale={locale} lockOf={lockOf} />;
  const isFixed = action === 'edit' && fixedFieldsOf(definition).includes(spec.field);
  const added = featureRules({ field: spec.field, action, id, locale, isFixed });
  const crossRules = entity.rules.filter((rule) => rule.on === spec.field);
  const slotFields = new Set(definition.form.filter((item) => item.widget === 'slots').map((item) => item.field));
  const rules: Rule[] = [contractRule(field, locale, spec.widget === 'slots' ? joinedSlots : undefined)];
  for (const rule of crossRules) {
    rules.push(({ getFieldValue }) => crossFieldRule(entity, rule, locale, (name) => (slotFields.has(name) ? joinedSlots(getFieldValue(name)) : getFieldValue(name))));
  }
  rules.push(...added.rules);
  const dependencies = [...new Set([...crossRules.flatMap((rule) => rule.fields), ...added.dependencies])].filter((name) => name !== spec.field);
  const lock = action === 'edit' ? lockOf(spec.field) : undefined;
  return (
    <Form.Item
      name={spec.field}
      label={field.label[locale]}
      required={field.required}
      rules={rules}
      dependencies={dependencies.length ? dependencies : undefined}
      extra={lock?.[locale]}
      validateFirst
    >
      <FieldControl
        spec={spec}
        field={field}
        locale={locale}
        reference={referenceOf(definition, spec.field)}
        // Left unset, not false, when free: the form's own `disabled` (while the record loads) then applies.
        disabled={isFixed || lock !== undefined ? true : undefined}
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
  const featureRules = useFieldRules(definition);
  const invalidate = useInvalidate();
  // Once the dialog's own read is in, the record is not read again while it is open: a new read
  // would reset the form over what was typed. Someone else's save meanwhile is caught by the version.
  const [isRead, setRead] = useState(false);
  // Set once the record is read (the step compares with it); a ref, as the options below are built first.
  const stepRef = useRef<{ isStale(error: unknown): boolean }>(undefined);

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
    // So does one the definition's save step answers (useSaveStep).
    errorNotification: (error) => (staleRecordOf(error) || stepRef.current?.isStale(error) ? false : { message: error?.message || t('notifications.error'), type: 'error' }),
    queryOptions: { enabled: action === 'edit' && id !== undefined && !isRead },
    // A dialog is never live: what was typed wins over someone else's save (caught at save).
    liveMode: 'off',
    // The record is read again only after a save that took: a refused one would reload the form over what was typed.
    invalidates: ['list', 'many'],
    onMutationSuccess: () => {
      if (action === 'edit' && id !== undefined) void invalidate({ resource: definition.name, invalidates: ['detail'], id });
    },
  });

  const record = query?.data?.data;
  const isFresh = !!query?.isSuccess && !query.isFetching;
  useEffect(() => {
    if (isFresh) setRead(true);
  }, [isFresh]);
  const versions = useVersionedSave({ definition, record: action === 'edit' ? record : undefined, form, locale, isSaving: formLoading });
  const step = useSaveStep(definition, action === 'edit' ? id : undefined, action === 'edit' ? record : undefined);
  stepRef.current = step;
  const initialValues = useMemo(() => (action === 'edit' ? toFormValues(definition, record) : newRecordValues(definition)), [action, definition, record]);

  // Messages already shown follow a change of language.
  useEffect(() => {
    const shown = form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
    if (shown.length) form.validateFields(shown).catch(() => undefined);
  }, [locale, form]);

  // Nothing is typed until this dialog's read is in the fields: not over a copy read earlier (the
  // cache), nor in the moment between the read's arrival and Refine's reset of the form to it,
  // which would put the record's values back over what was typed (isRead is set after that reset).
  const loadingRecord = action === 'edit' && !isRead && !query?.isError;
  const lockOf = (field: string) => (action === 'edit' ? fieldLock(definition, field, record) : undefined);
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
      {step.view}
      <Form
        {...formProps}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        labelWrap
        disabled={loadingRecord}
        initialValues={initialValues}
        // A refused save stays open with the server's messages under the fields (and its msg shown).
        // One changed by someone else since it was read stays open with what was typed, showing what they changed.
        // A definition's save step shows what an edit would do first; the save then carries what it answered.
        onValuesChange={(changed, all) => {
          formProps.onValuesChange?.(changed, all);
          step.clear();
        }}
        onFinish={(values) => {
          const saved = fromFormValues(definition, values, action === 'create' ? fixedValues : undefined);
          const stepParams = step.before(saved);
          if (stepParams === undefined) return;
          return Promise.resolve(formProps.onFinish?.(versions.withVersion({ ...saved, ...stepParams }))).catch((error: unknown) => step.onRefused(error) || versions.onRefused(error, values));
        }}
        className="generic-form"
        name={`${definition.name}-${action}`}
      >
        {definition.form.map((spec) => (
          <FormField key={spec.field} definition={definition} spec={spec} action={action} locale={locale} featureRules={featureRules} lockOf={lockOf} id={id} />
        ))}
      </Form>
    </FormDialog>
  );
}
