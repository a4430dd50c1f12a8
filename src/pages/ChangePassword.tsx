/**
 * The account page (behind the auth check but outside the shell): a password tab (route
 * /changePassword) and an e-mail tab (/changeEmail). The password change is forced after an
 * administrator reset the password (the server answers 1008 to everything else until it is
 * changed): then the page shows that tab alone. Light like the login page: no antd Form.
 */
import { useGo, useLogout, useNotification, useUpdatePassword } from '@refinedev/core';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import Password from 'antd/es/input/Password';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CHANGE_EMAIL_ROUTE, CHANGE_PASSWORD_ROUTE } from '../../contract/session';
import { safeRedirect, type ChangePasswordParams } from '../../providers/authProvider';
import { readMustChangePassword } from '../../providers/session';
import { translate } from '../i18n';
import { SignedOutTheme } from '../theme/SignedOutTheme';
import { AuthCard, FormAlert } from './login/AuthCard';
import { EmailForm } from './login/EmailForm';
import { errorId, Field } from './login/Field';
import { checkChangePassword, PASSWORD_FIELDS, type PasswordField, type PasswordProblem, type PasswordValues } from './login/changePasswordRules';

const AUTOCOMPLETE: Record<PasswordField, string> = { currentPassword: 'current-password', password: 'new-password', confirm: 'new-password' };

export type AccountTab = 'password' | 'email';

export default function AccountPage({ tab = 'password' }: { tab?: AccountTab }) {
  const go = useGo();
  const isForced = readMustChangePassword();
  const { mutate: logout } = useLogout();
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  const shown: AccountTab = isForced ? 'password' : tab;
  const forms: Record<AccountTab, ReactNode> = { password: <PasswordForm />, email: <EmailForm /> };
  // Outside the shell, like the login page: the last theme known in this browser.
  return (
    <SignedOutTheme>
      <AuthCard
        titleId="change-password-title"
        title={translate(shown === 'email' ? 'email.title' : 'password.title')}
        subtitle={translate(isForced ? 'password.forced' : shown === 'email' ? 'email.subtitle' : 'password.subtitle')}
        footer={
          <>
            {isForced ? null : (
              <Button type="link" size="small" onClick={() => go({ to: safeRedirect(redirect), type: 'replace' })}>
                {translate('password.back')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => logout()}>
              {translate('password.logout')}
            </Button>
          </>
        }
      >
        {isForced ? (
          forms.password
        ) : (
          <Tabs
            activeKey={shown}
            // The address names the tab, so a reload or a shared link opens the same one.
            onChange={(key) => go({ to: `${key === 'email' ? CHANGE_EMAIL_ROUTE : CHANGE_PASSWORD_ROUTE}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`, type: 'replace' })}
            items={(['password', 'email'] as const).map((key) => ({ key, label: translate(`account.tab.${key}`), children: shown === key ? forms[key] : null }))}
          />
        )}
      </AuthCard>
    </SignedOutTheme>
  );
}

function PasswordForm() {
  const [values, setValues] = useState<PasswordValues>({ currentPassword: '', password: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<PasswordField, boolean>>>({});
  const [serverError, setServerError] = useState<string>();
  const id = useId();
  const go = useGo();
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
  );
}
