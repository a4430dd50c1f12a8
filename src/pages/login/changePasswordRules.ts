/**
 * The change-password form's rules: the current password is required; the new one follows the
 * login rule (at least MIN_PASSWORD_LENGTH characters), differs from the current one, and is
 * typed twice. Answers message keys, so a shown message follows a language switch.
 */
import { checkPassword, type LoginProblem } from './rules';

export type PasswordField = 'currentPassword' | 'password' | 'confirm';
export const PASSWORD_FIELDS: readonly PasswordField[] = ['currentPassword', 'password', 'confirm'];

export type PasswordValues = Record<PasswordField, string>;

export interface PasswordProblem {
  key: LoginProblem['key'] | 'password.currentRequired' | 'password.sameAsCurrent' | 'password.confirmRequired' | 'password.mismatch';
  params?: Record<string, number>;
}

export function checkChangePassword(values: PasswordValues): Partial<Record<PasswordField, PasswordProblem>> {
  const problems: Partial<Record<PasswordField, PasswordProblem>> = {};
  if (!values.currentPassword) problems.currentPassword = { key: 'password.currentRequired' };
  const password = checkPassword(values.password);
  if (password) problems.password = password;
  else if (values.password === values.currentPassword) problems.password = { key: 'password.sameAsCurrent' };
  if (!values.confirm) problems.confirm = { key: 'password.confirmRequired' };
  else if (values.confirm !== values.password) problems.confirm = { key: 'password.mismatch' };
  return problems;
}
