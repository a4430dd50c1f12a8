/**
 * The frame of the sign-in and change-password screens: a tinted page, a centred card with a
 * title and a subtitle, an optional corner (top right) and a footer line.
 */
import theme from 'antd/es/theme';
import type { CSSProperties, ReactNode } from 'react';

export interface AuthCardProps {
  titleId: string;
  title: string;
  subtitle: string;
  corner?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** These screens sit outside the console's shell: their theme comes from src/theme/SignedOutTheme.tsx. */
export function AuthCard({ titleId, title, subtitle, corner, footer, children }: AuthCardProps) {
  const { token } = theme.useToken();
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
    corner: { position: 'absolute', top: 16, right: 24 },
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
    body: { color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily },
    footer: { marginTop: 24, color: token.colorTextDescription, fontSize: token.fontSizeSM },
  };
  return (
    <main style={styles.page}>
      {corner ? <div style={styles.corner}>{corner}</div> : null}
      <section style={styles.panel} aria-labelledby={titleId}>
        <h1 id={titleId} style={styles.title}>
          {title}
        </h1>
        <p style={styles.subtitle}>{subtitle}</p>
        <div style={styles.body}>{children}</div>
      </section>
      {footer ? <footer style={styles.footer}>{footer}</footer> : null}
    </main>
  );
}

/** The message above the submit button when the server refuses. */
export function FormAlert({ message }: { message?: string }) {
  const { token } = theme.useToken();
  if (!message) return null;
  return (
    <div
      role="alert"
      style={{ marginBottom: 16, padding: '8px 12px', borderRadius: token.borderRadius, color: token.colorError, background: token.colorErrorBg, border: `1px solid ${token.colorErrorBorder}` }}
    >
      {message}
    </div>
  );
}
