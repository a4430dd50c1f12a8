import { z } from 'zod';
import { format, type Locale } from './i18n';
import { ruleMessages } from './messages';
import { loginLabels, PASSWORD_HASH_PATTERN, USERNAME_PATTERN } from './session';

// Apart from session.ts so that the session constants, read by the console's entry chunk,
// do not pull zod into it.
export function loginSchema(locale: Locale) {
  const m = (key: keyof typeof ruleMessages, label: keyof typeof loginLabels) =>
    format(ruleMessages[key][locale], { label: loginLabels[label][locale] });
  return z.object({
    username: z
      .string({ error: () => m('required', 'username') })
      .trim()
      .min(1, m('required', 'username'))
      .regex(USERNAME_PATTERN, m('choice', 'username')),
    password: z
      .string({ error: () => m('required', 'password') })
      .regex(PASSWORD_HASH_PATTERN, m('choice', 'password')),
  });
}
export type LoginRequest = z.infer<ReturnType<typeof loginSchema>>;
