/**
 * The account page's e-mail tab: the new address (the staff e-mail rule of the contract, checked
 * here and by the server) and the current password, which proves it is the owner changing it.
 */
import { useCustomMutation, useNotification, type BaseRecord, type HttpError } from '@refinedev/core';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useId, useState, type FormEvent } from 'react';
import { ownEmailEntity } from '../../../contract/entities/staff';
import { fieldSchema } from '../../../contract/schemas';
import { API_PREFIX, CHANGE_EMAIL_PATH } from '../../../contract/session';
import { hashPassword } from '../../../providers/password';
import { getLocale, translate } from '../../i18n';
import { FormAlert } from './AuthCard';
import { errorId, Field } from './Field';

type EmailField = 'email' | 'pwd';
const FIELDS: readonly EmailField[] = ['email', 'pwd'];

function problemOf(field: EmailField, value: string): string | undefined {
  if (field === 'pwd') return value ? undefined : translate('email.passwordRequired');
  const result = fieldSchema(ownEmailEntity.fields.email, getLocale()).safeParse(value.trim());
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function EmailForm() {
  const [values, setValues] = useState<Record<EmailField, string>>({ email: '', pwd: '' });
  const [touched, setTouched] = useState<Partial<Record<EmailField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<EmailField, string>>>({});
  const [serverError, setServerError] = useState<string>();
  const id = useId();
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation<BaseRecord, HttpError>();
  const isPending = mutation.isPending;

  const shown = (field: EmailField) => serverErrors[field] ?? (touched[field] ? problemOf(field, values[field]) : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    setTouched({ email: true, pwd: true });
    const invalid = FIELDS.find((field) => problemOf(field, values[field]));
    if (invalid) return document.getElementById(`${id}${invalid}`)?.focus();
    setServerError(undefined);
    mutate(
      {
        url: `${API_PREFIX}${CHANGE_EMAIL_PATH}`,
        method: 'post',
        values: { email: values.email.trim(), pwd: hashPassword(values.pwd) },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          open?.({ type: 'success', message: translate('email.changed') });
          setValues({ email: '', pwd: '' });
          setTouched({});
        },
        onError: (error) => {
          const fields = (error.errors ?? {}) as Partial<Record<EmailField, string>>;
          setServerErrors(fields);
          if (!fields.email && !fields.pwd) setServerError(error.message || translate('email.failed'));
        },
      },
    );
  };

  const change = (field: EmailField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => ({ ...previous, [field]: undefined }));
    setServerError(undefined);
  };

  return (
    <form noValidate onSubmit={submit}>
      {FIELDS.map((field, index) => {
        const fieldId = `${id}${field}`;
        const error = shown(field);
        const props = {
          id: fieldId,
          size: 'large' as const,
          autoFocus: index === 0,
          disabled: isPending,
          value: values[field],
          status: error ? ('error' as const) : undefined,
          'aria-required': true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId(fieldId) : undefined,
          onChange: (event: { target: { value: string } }) => change(field, event.target.value),
          onBlur: () => setTouched((previous) => ({ ...previous, [field]: true })),
        };
        return (
          <Field key={field} id={fieldId} label={translate(`email.${field}`)} error={error}>
            {field === 'pwd' ? <Password {...props} autoComplete="current-password" /> : <Input {...props} type="email" autoComplete="email" />}
          </Field>
        );
      })}
      <FormAlert message={serverError} />
      <Button type="primary" htmlType="submit" size="large" block disabled={isPending} loading={isPending}>
        {translate('email.submit')}
      </Button>
    </form>
  );
}
