/**
 * One labelled field of the login form, laid out like a vertical antd Form.Item (label above,
 * the message under the control in the item's bottom margin) without antd's Form.
 */
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';

export interface FieldProps {
  /** The control's id: the label points at it, the message id derives from it. */
  id: string;
  label: string;
  /** The message shown under the control (role="alert"), if any. */
  error?: string;
  children: ReactNode;
}

/** The id of a field's message, for the control's aria-describedby. */
export const errorId = (id: string) => `${id}-error`;

export function Field({ id, label, error, children }: FieldProps) {
  const { token } = theme.useToken();
  return (
    <div>
      <div style={{ padding: `0 0 ${token.paddingXS}px` }}>
        <label htmlFor={id} style={{ color: token.colorTextHeading, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
          {label}
        </label>
      </div>
      {children}
      {/* Reserves the item's bottom margin, so a message does not push the form down. */}
      <div style={{ minHeight: token.marginLG }}>
        {error ? (
          <div id={errorId(id)} role="alert" style={{ color: token.colorError, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
