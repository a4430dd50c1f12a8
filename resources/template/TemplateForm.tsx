import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useCustomMutation, useTranslate, type HttpError } from '@refinedev/core';
import { Button, Empty, Form, Input, message, Space, type InputRef } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { templateEntity, templateParameterEntity, type TemplateDetail } from '../../contract/entities/template';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import { useLocale } from '../../providers/locale';
import { refuseImplicitSubmit } from '../generic/dialogGuard';
import { contractRule } from '../generic/rules';
import { useLeaveGuard, useUnsavedWork } from '../../src/unsavedWork/useUnsavedWork';
import { callUrl, TEMPLATE_CALLS } from '../../contract/paths';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** The script's editor as a form control (the form item hands value and onChange to its direct child). */
function ScriptInput(props: { value?: string; onChange?: (value: string) => void; id?: string; placeholder?: string; ariaLabel?: string }) {
  return (
    <Suspense fallback={<Input.TextArea rows={10} disabled />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}

type Values = { name?: string; version?: string; remark?: string; code?: string; parameters?: Array<Record<string, string | undefined>> };

/** A form item whose label, asterisk and rule come from the contract field. */
function itemProps(field: Field, locale: Locale) {
  return { label: field.label[locale], required: field.required, rules: [contractRule(field, locale)], validateFirst: true };
}

/** Server messages `parameters.1.paramName` → the form's field path `['parameters', 1, 'paramName']`. */
function fieldPath(key: string): Array<string | number> {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** A published version a new one starts from, with the version suggested to follow the template's latest. */
export interface TemplateSource {
  detail: TemplateDetail;
  suggested?: string;
}

interface Props {
  /** After a version is published (the list shows it). */
  onPublished: (template: TemplateDetail) => void;
  /** Fills the form from a published version (a new object each time; the page asked before replacing typed work). */
  source?: TemplateSource;
}

/**
 * The publishing form (SPEC §2.20): name, version, update note, the script in a code editor, and
 * parameters added and removed as rows. Submit shows the server's message; Cancel asks
 * '放弃修改？' when something was typed, then empties the form and warns 'cancel!' (SPEC §8) in
 * the interface language. While typed, closing the tab or reloading asks first too. A published
 * version can fill it (`source`: name, note, script and parameters; the version left to type, the
 * next one suggested), which counts as typed work until it is published or cancelled.
 */
export function TemplateForm({ onPublished, source }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const { mutateAsync, mutation } = useCustomMutation<TemplateDetail, HttpError>();
  const fields = templateEntity.fields;
  const parameter = templateParameterEntity.fields;
  // A form filled from a published version is work in progress too, touched or not.
  const [derived, setDerived] = useState<TemplateSource>();
  useUnsavedWork(() => derived !== undefined || form.isFieldsTouched());
  const leave = useLeaveGuard();
  const versionInput = useRef<InputRef>(null);

  // Each source fills the form once (not again when, say, the language changes).
  const applied = useRef<TemplateSource>(undefined);
  useEffect(() => {
    if (!source || source === applied.current) return;
    applied.current = source;
    const { detail } = source;
    form.resetFields();
    form.setFieldsValue({
      name: detail.name,
      remark: detail.remark,
      code: detail.code,
      parameters: detail.parameters.map((p) => ({ xianshiName: p.xianshiName, paramName: p.paramName, remark: p.remark ?? undefined })),
    });
    setDerived(source);
    void message.info(t('template.derive.filled', { name: detail.name, version: detail.version }));
    versionInput.current?.focus();
  }, [source, form, t]);

  const cancel = () =>
    leave(() => {
      form.resetFields();
      setDerived(undefined);
      void message.warning(t('template.form.cancelled'));
    });

  const publish = async (values: Values) => {
    try {
      const answer = await mutateAsync({
        url: callUrl(TEMPLATE_CALLS.create),
        method: 'post',
        values: { ...values, parameters: values.parameters ?? [] },
        successNotification: (data) => ({ message: (data as { msg?: string } | undefined)?.msg || t('messages.submitted'), type: 'success' }),
        errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
      });
      form.resetFields();
      setDerived(undefined);
      onPublished(answer.data);
    } catch (error) {
      const errors = (error as HttpError).errors ?? {};
      form.setFields(Object.entries(errors).map(([key, text]) => ({ name: fieldPath(key) as never, errors: [String(text)] })));
    }
  };

  // A long form: it is published from its button, never by Enter in a field.
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="template-publish"
      className="template-form"
      onFinish={publish}
      onKeyDown={refuseImplicitSubmit}
      initialValues={{ parameters: [] }}
    >
      <div className="template-form__row">
        <Form.Item name="name" {...itemProps(fields.name, locale)} tooltip={t('template.form.nameHint')} className="template-form__name">
          <Input placeholder={t('resources.placeholder.input', { label: fields.name.label[locale] })} />
        </Form.Item>
        <Form.Item
          name="version"
          {...itemProps(fields.version, locale)}
          className="template-form__version"
          extra={
            derived ? (
              <span className="template-form__suggestion">
                {t('template.derive.from', { version: derived.detail.version })}
                {derived.suggested ? (
                  <Button type="link" size="small" onClick={() => form.setFieldsValue({ version: derived.suggested })}>
                    {t('template.derive.use', { version: derived.suggested })}
                  </Button>
                ) : null}
              </span>
            ) : undefined
          }
        >
          <Input ref={versionInput} placeholder={derived?.suggested ?? '1.0.0'} />
        </Form.Item>
      </div>
      <Form.Item name="remark" {...itemProps(fields.remark, locale)}>
        <Input.TextArea rows={2} showCount={{ formatter: ({ count }) => `${count} / 500` }} />
      </Form.Item>
      <Form.Item name="code" {...itemProps(fields.code, locale)}>
        <ScriptInput placeholder={t('template.form.codePlaceholder')} ariaLabel={fields.code.label[locale]} />
      </Form.Item>
      <Form.List name="parameters">
        {(rows, { add, remove }) => (
          <fieldset className="template-form__parameters">
            <legend>{t('template.form.parameters')}</legend>
            {rows.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.form.noParameters')} /> : null}
            {rows.map((row, index) => (
              <div key={row.key} className="template-form__parameter">
                <Form.Item name={[row.name, 'xianshiName']} {...itemProps(parameter.xianshiName, locale)}>
                  <Input aria-label={`${parameter.xianshiName.label[locale]} ${index + 1}`} />
                </Form.Item>
                <Form.Item name={[row.name, 'paramName']} {...itemProps(parameter.paramName, locale)}>
                  <Input aria-label={`${parameter.paramName.label[locale]} ${index + 1}`} />
                </Form.Item>
                <Form.Item name={[row.name, 'remark']} {...itemProps(parameter.remark, locale)}>
                  <Input aria-label={`${parameter.remark.label[locale]} ${index + 1}`} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('template.form.removeParameter')} ${index + 1}`} onClick={() => remove(row.name)} className="template-form__remove" />
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
              {t('template.form.addParameter')}
            </Button>
          </fieldset>
        )}
      </Form.List>
      <Space className="template-form__buttons">
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('template.form.submit')}
        </Button>
        <Button onClick={() => void cancel()}>{t('buttons.cancel')}</Button>
      </Space>
    </Form>
  );
}
