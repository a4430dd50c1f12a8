/**
 * The console's own sign-in screen (route /login, lazy-loaded, rendered inside <Refine>).
 * Username and password (with its show toggle), the contract's rules checked before the password
 * is hashed, the server's message on failure (wrong password, too many attempts), and back to
 * `?redirect=` (a path of this console only) after success. Both languages, switchable here.
 *
 * Light on purpose (≤ 250 KB gzipped with React, Refine core and the router): only antd's Form,
 * Input and Button; no icon package, no @refinedev/antd.
 */
import { useGo, useInvalidateAuthStore, useLogin } from '@refinedev/core';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
// The bare Input and Password, not antd's Input barrel (which brings TextArea, Search and OTP).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import theme from 'antd/es/theme';
import { useEffect, useState, type CSSProperties } from 'react';
import { MIN_PASSWORD_LENGTH, USERNAME_PATTERN } from '../../contract/session';
import type { LoginParams } from '../../providers/authProvider';
import { setLocale, translate, useLocale } from '../i18n';
import { LockGlyph, UserGlyph } from './login/icons';

const OTHER_LANGUAGE = {
  'zh-CN': { locale: 'en-US', label: 'English' },
  'en-US': { locale: 'zh-CN', label: '简体中文' },
} as const;

export default function Login() {
  const locale = useLocale();
  const { token } = theme.useToken();
  const [form] = Form.useForm<LoginParams>();
  const [serverError, setServerError] = useState<string>();
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
        await invalidateAuthStore();
        go({ to: result.redirectTo ?? '/', type: 'replace' });
      },
      onError: (error) => setServerError(error.message || translate('login.failed')),
    },
  });

  // Messages already shown follow a language switch.
  useEffect(() => {
    const withErrors = form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => f.name);
    if (withErrors.length) form.validateFields(withErrors).catch(() => {});
  }, [locale, form]);

  const other = OTHER_LANGUAGE[locale];

  const styles: Record<string, CSSProperties> = {
    page: {
      minHeight: '100vh',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      padding: 24,
      boxSizing: 'border-box',
      background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)`,
      position: 'relative',
    },
    language: { position: 'absolute', top: 16, right: 24 },
    panel: {
      width: '100%',
      maxWidth: 380,
      padding: '36px 32px 24px',
      boxSizing: 'border-box',
      background: token.colorBgContainer,
      borderRadius: token.borderRadiusLG,
      boxShadow: token.boxShadowTertiary,
    },
    title: { margin: 0, fontSize: 24, fontWeight: 600, color: token.colorTextHeading, textAlign: 'center' },
    subtitle: { margin: '8px 0 28px', color: token.colorTextSecondary, textAlign: 'center' },
    error: { marginBottom: 16, padding: '8px 12px', borderRadius: token.borderRadius, color: token.colorError, background: token.colorErrorBg, border: `1px solid ${token.colorErrorBorder}` },
    glyph: { color: token.colorTextQuaternary },
    footer: { marginTop: 24, color: token.colorTextTertiary, fontSize: token.fontSizeSM },
  };

  return (
    <main style={styles.page}>
      <div style={styles.language}>
        <Button type="text" lang={other.locale} title={translate('login.language')} onClick={() => setLocale(other.locale)}>
          {other.label}
        </Button>
      </div>
      <section style={styles.panel} aria-labelledby="login-title">
        <h1 id="login-title" style={styles.title}>
          {translate('login.product')}
        </h1>
        <p style={styles.subtitle}>{translate('login.subtitle')}</p>
        <Form<LoginParams>
          form={form}
          layout="vertical"
          requiredMark={false}
          size="large"
          disabled={isPending}
          onValuesChange={() => setServerError(undefined)}
          onFinish={(values) => {
            setServerError(undefined);
            login({ username: values.username.trim(), password: values.password });
          }}
        >
          <Form.Item
            name="username"
            label={translate('login.username')}
            rules={[
              { required: true, whitespace: true, message: translate('login.usernameRequired') },
              { pattern: USERNAME_PATTERN, transform: (v: string | undefined) => v?.trim(), message: translate('login.usernameInvalid') },
            ]}
          >
            <Input prefix={<span style={styles.glyph}><UserGlyph /></span>} placeholder={translate('login.usernamePlaceholder')} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={translate('login.password')}
            rules={[
              { required: true, message: translate('login.passwordRequired') },
              { min: MIN_PASSWORD_LENGTH, message: translate('login.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) },
            ]}
          >
            <Password prefix={<span style={styles.glyph}><LockGlyph /></span>} placeholder={translate('login.passwordPlaceholder')} autoComplete="current-password" />
          </Form.Item>
          {serverError ? (
            <div role="alert" style={styles.error}>
              {serverError}
            </div>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={isPending}>
            {translate('login.submit')}
          </Button>
        </Form>
      </section>
      <footer style={styles.footer}>{translate('login.footer')}</footer>
    </main>
  );
}
