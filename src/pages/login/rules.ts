/**
 * The login form's rules, checked in code (antd's Form and its async-validator are too heavy for
 * this page). The same rules the form used to declare:
 * - username: required (blank counts as empty), and once trimmed it matches USERNAME_PATTERN;
 * - password: required, and at least MIN_PASSWORD_LENGTH characters (a surrogate pair counts once).
 * Answers message keys, not text, so a message already shown follows a language switch.
 */
// contract/session directly: the contract barrel would bring zod along.
import { MIN_PASSWORD_LENGTH, USERNAME_PATTERN } from '../../../contract/session';

export type LoginField = 'username' | 'password';

export interface LoginValues {
  username: string;
  password: string;
}

export interface LoginProblem {
  key: 'login.usernameRequired' | 'login.usernameInvalid' | 'login.passwordRequired' | 'login.passwordTooShort';
  params?: Record<string, number>;
}

export type LoginProblems = Partial<Record<LoginField, LoginProblem>>;

export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];

export function checkUsername(value: string): LoginProblem | undefined {
  const username = value.trim();
  if (!username) return { key: 'login.usernameRequired' };
  if (!USERNAME_PATTERN.test(username)) return { key: 'login.usernameInvalid' };
  return undefined;
}

export function checkPassword(value: string): LoginProblem | undefined {
  if (!value) return { key: 'login.passwordRequired' };
  if (Array.from(value).length < MIN_PASSWORD_LENGTH) return { key: 'login.passwordTooShort', params: { min: MIN_PASSWORD_LENGTH } };
  return undefined;
}

/** Every field's problem; a field without one is absent. */
export function checkLogin(values: LoginValues): LoginProblems {
  const problems: LoginProblems = {};
  const username = checkUsername(values.username);
  const password = checkPassword(values.password);
  if (username) problems.username = username;
  if (password) problems.password = password;
  return problems;
}
