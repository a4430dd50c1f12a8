/**
 * The console's own sign-in screen (route /login, lazy-loaded, rendered inside <Refine>).
 * Username and password (with its show toggle), the contract's rules checked before the password
 * is hashed, the server's message on failure (wrong password, too many attempts), and back to
 * `?redirect=` (a path of this console only) after success. Both languages, switchable here.
 *
 * Light on purpose (≤ 250 KB gzipped with React, Refine core and the router): antd's bare Input,
 * Password and Button in a plain <form>, the rules checked in code (./login/rules); no antd Form
 * (rc-field-form, async-validator, the label tooltip), no icon package, no @refinedev/antd.
 * A field's message shows once the field was left or the form submitted, and follows its value.
 */
import { isServerPage } from '../../contract/session';
import { useGo, useInvalidateAuthStore, useLogin } from '@refinedev/core';
import Button from 'antd/es/button';
// The bare Input and Password, not antd's Input barrel (which brings TextArea, Search and OTP).
import Input, { type InputRef } from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import theme from 'antd/es/theme';
import { useId, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import type { LoginParams } from '../../providers/authProvider';
import { setLocale, translate, useLocale } from '../i18n';
import { SignedOutTheme } from '../theme/SignedOutTheme';
import { AuthCard, FormAlert } from './login/AuthCard';
import { errorId, Field } from './login/Field';
import { LockGlyph, UserGlyph } from './login/icons';
import { checkLogin, LOGIN_FIELDS, type LoginField, type LoginProblem } from './login/rules';

const OTHER_LANGUAGE = {
  'zh-CN': { locale: 'en-US', label: 'English' },
  'en-US': { locale: 'zh-CN', label: '简体中文' },
} as const;

export default function Login() {
  return (
    <SignedOutTheme>
      <LoginForm />
    </SignedOutTheme>
  );
}

function LoginForm() {
  const locale = useLocale();
  const { token } = theme.useToken();
  const [values, setValues] = useState<LoginParams>({ username: '', password: '' });
  // A field's message shows once it was left (blur) or the form submitted.
  const [touched, setTouched] = useState<Record<LoginField, boolean>>({ username: false, password: false });
  const [serverError, setServerError] = useState<string>();
  const id = useId();
  const ids = { username: `${id}username`, password: `${id}password` };
  const refs = { username: useRef<InputRef>(null), password: useRef<InputRef>(null) };
  const go = useGo();
  const invalidateAuthStore = useInvalidateAuthStore();

  // Refine's default success handling would follow a raw `?to=` and toast the failure; here the
  // provider's same-origin `redirectTo` is followed and the failure is shown under the form.
  const { mutate: login, isPending } = useLogin<LoginParams>({
    mutationOptions: {
      onSuccess: async (result) => {
        if (!result.success) {
          setServerError(result.error?.message || translate('login.failed'));
          return;
        }
        const to = result.redirectTo ?? '/';
        // The workbench is the server's page, not a route of the console.
        if (isServerPage(to)) return window.location.assign(to);
        await invalidateAuthStore();
        go({ to, type: 'replace' });
      },
      onError: (error) => setServerError(error.message || translate('login.failed')),
    },
  });

  // Checked on every render, from the values: a corrected field loses its message at once, and a
  // message already shown follows a language switch.
  const problems = checkLogin(values);
  const message = (problem: LoginProblem | undefined) => (problem ? translate(problem.key, problem.params) : undefined);
  const shown = { username: touched.username ? message(problems.username) : undefined, password: touched.password ? message(problems.password) : undefined };

  const change = (field: LoginField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerError(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    setTouched({ username: true, password: true });
    const invalid = LOGIN_FIELDS.find((field) => problems[field]);
    if (invalid) {
      refs[invalid].current?.focus();
      return;
    }
    setServerError(undefined);
    login({ username: values.username.trim(), password: values.password });
  };

  /** What both controls share: id, size, state, the message's wiring and the blur that shows it. */
  const control = (field: LoginField) => ({
    id: ids[field],
    ref: refs[field],
    size: 'large' as const,
    disabled: isPending,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => setTouched((previous) => (previous[field] ? previous : { ...previous, [field]: true })),
    status: shown[field] ? ('error' as const) : undefined,
    'aria-required': true,
    'aria-invalid': shown[field] ? true : undefined,
    'aria-describedby': shown[field] ? errorId(ids[field]) : undefined,
  });

  const other = OTHER_LANGUAGE[locale];

  const glyph: CSSProperties = { color: token.colorTextQuaternary };

  return (
    <AuthCard
      titleId="login-title"
      title={translate('login.product')}
      subtitle={translate('login.subtitle')}
      footer={translate('login.footer')}
      corner={
        <Button
          type="text"
          lang={other.locale}
          title={translate('login.language')}
          // Keeps the focus in the field: switching the language is not leaving it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setLocale(other.locale)}
        >
          {other.label}
        </Button>
      }
    >
      {/* Enter in either field submits (the form's submit button). */}
      <form noValidate onSubmit={submit}>
        <Field id={ids.username} label={translate('login.username')} error={shown.username}>
          <Input
            {...control('username')}
            prefix={<span style={glyph}><UserGlyph /></span>}
            placeholder={translate('login.usernamePlaceholder')}
            autoComplete="username"
            autoFocus
          />
        </Field>
        <Field id={ids.password} label={translate('login.password')} error={shown.password}>
          <Password
            {...control('password')}
            prefix={<span style={glyph}><LockGlyph /></span>}
            placeholder={translate('login.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Field>
        <FormAlert message={serverError} />
        <Button type="primary" htmlType="submit" size="large" block disabled={isPending} loading={isPending}>
          {translate('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
