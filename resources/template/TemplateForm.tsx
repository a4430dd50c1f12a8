import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useCustomMutation, useTranslate, type HttpError } from '@refinedev/core';
import { Button, Empty, Form, Input, message, Space } from 'antd';
import { lazy, Suspense } from 'react';
import { templateEntity, templateParameterEntity, type TemplateDetail } from '../../contract/entities/template';
import type { Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import { useLocale } from '../../src/i18n';
import { refuseImplicitSubmit } from '../generic/dialogGuard';
import { contractRule } from '../generic/rules';
import { useLeaveGuard, useUnsavedWork } from '../generic/useUnsavedWork';
import { TEMPLATE_ENDPOINT } from './endpoint';

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

interface Props {
  /** After a version is published (the list shows it). */
  onPublished: (template: TemplateDetail) => void;
}

/**
 * The publishing form (SPEC §2.20): name, version, update note, the script in a code editor, and
 * parameters added and removed as rows. Submit shows the server's message; Cancel asks
 * '放弃修改？' when something was typed, then empties the form and warns 'cancel!' (SPEC §8) in
 * the interface language. While typed, closing the tab or reloading asks first too.
 */
export function TemplateForm({ onPublished }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const { mutateAsync, mutation } = useCustomMutation<TemplateDetail, HttpError>();
  const fields = templateEntity.fields;
  const parameter = templateParameterEntity.fields;
  useUnsavedWork(() => form.isFieldsTouched());
  const leave = useLeaveGuard();

  const cancel = () =>
    leave(() => {
      form.resetFields();
      void message.warning(t('template.form.cancelled'));
    });

  const publish = async (values: Values) => {
    try {
      const answer = await mutateAsync({
        url: `${TEMPLATE_ENDPOINT}/create`,
        method: 'post',
        values: { ...values, parameters: values.parameters ?? [] },
        successNotification: (data) => ({ message: (data as { msg?: string } | undefined)?.msg || t('messages.submitted'), type: 'success' }),
        errorNotification: (error) => ({ message: error?.message || t('notifications.error'), type: 'error' }),
      });
      form.resetFields();
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
        <Form.Item name="version" {...itemProps(fields.version, locale)} className="template-form__version">
          <Input placeholder="1.0.0" />
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
