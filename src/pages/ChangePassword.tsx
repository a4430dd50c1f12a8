/**
 * Change password (route /changePassword, behind the auth check but outside the shell). Forced
 * after an administrator reset the password (the server answers 1008 to everything else until
 * it is changed); also reachable from the top bar. Light like the login page: no antd Form.
 */
import { useGo, useLogout, useNotification, useUpdatePassword } from '@refinedev/core';
import Button from 'antd/es/button';
import Password from 'antd/es/input/Password';
import { useId, useState, type FormEvent } from 'react';
import { safeRedirect, type ChangePasswordParams } from '../../providers/authProvider';
import { readMustChangePassword } from '../../providers/session';
import { translate } from '../i18n';
import { AuthCard, FormAlert } from './login/AuthCard';
import { errorId, Field } from './login/Field';
import { checkChangePassword, PASSWORD_FIELDS, type PasswordField, type PasswordProblem, type PasswordValues } from './login/changePasswordRules';

const AUTOCOMPLETE: Record<PasswordField, string> = { currentPassword: 'current-password', password: 'new-password', confirm: 'new-password' };

export default function ChangePassword() {
  const [values, setValues] = useState<PasswordValues>({ currentPassword: '', password: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<PasswordField, boolean>>>({});
  const [serverError, setServerError] = useState<string>();
  const id = useId();
  const go = useGo();
  const isForced = readMustChangePassword();
  const { mutate: logout } = useLogout();
  const { open } = useNotification();
  const { mutate: updatePassword, isPending } = useUpdatePassword<ChangePasswordParams>({
    mutationOptions: {
      onSuccess: (result) => {
        if (!result.success) return setServerError(result.error?.message || translate('password.failed'));
        open?.({ type: 'success', message: translate('password.changed') });
        go({ to: result.redirectTo ?? '/', type: 'replace' });
      },
      onError: (error) => setServerError(error.message || translate('password.failed')),
    },
  });

  const problems = checkChangePassword(values);
  const message = (problem: PasswordProblem | undefined) => (problem ? translate(problem.key, problem.params) : undefined);
  const shown = (field: PasswordField) => (touched[field] ? message(problems[field]) : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    setTouched({ currentPassword: true, password: true, confirm: true });
    const invalid = PASSWORD_FIELDS.find((field) => problems[field]);
    if (invalid) return document.getElementById(`${id}${invalid}`)?.focus();
    setServerError(undefined);
    updatePassword({ currentPassword: values.currentPassword, password: values.password });
  };

  return (
    <AuthCard
      titleId="change-password-title"
      title={translate('password.title')}
      subtitle={translate(isForced ? 'password.forced' : 'password.subtitle')}
      footer={
        <>
          {isForced ? null : (
            <Button type="link" size="small" onClick={() => go({ to: safeRedirect(new URLSearchParams(window.location.search).get('redirect')), type: 'replace' })}>
              {translate('password.back')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => logout()}>
            {translate('password.logout')}
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={submit}>
        {PASSWORD_FIELDS.map((field, index) => {
          const fieldId = `${id}${field}`;
          const error = shown(field);
          return (
            <Field key={field} id={fieldId} label={translate(`password.${field}`)} error={error}>
              <Password
                id={fieldId}
                size="large"
                autoFocus={index === 0}
                autoComplete={AUTOCOMPLETE[field]}
                disabled={isPending}
                value={values[field]}
                status={error ? 'error' : undefined}
                aria-required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId(fieldId) : undefined}
                onChange={(event) => {
                  setValues((previous) => ({ ...previous, [field]: event.target.value }));
                  setServerError(undefined);
                }}
                onBlur={() => setTouched((previous) => ({ ...previous, [field]: true }))}
              />
            </Field>
          );
        })}
        <FormAlert message={serverError} />
        <Button type="primary" htmlType="submit" size="large" block disabled={isPending} loading={isPending}>
          {translate('password.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
