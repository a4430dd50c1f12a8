/** Texts of the question a workbench link asks before it signs anyone in (src/routing/HandoffPrompt.tsx). */
const zh = {
  'handoff.signIn.title': '以 {next} 身份登录？',
  'handoff.signIn.question': '该链接将以 {next} 的身份登录本控制台。如果这不是您本人的账号，请取消：登录后您在这里做的一切都会记在该账号名下。',
  'handoff.signIn.accept': '登录',
  'handoff.signIn.cancel': '取消',
  'handoff.title': '切换登录用户？',
  'handoff.question': '当前已登录：{current}。该链接将以 {next} 的身份登录。',
  'handoff.switch': '以 {next} 登录',
  'handoff.stay': '继续使用 {current}',
  'handoff.someone': '另一位用户',
};

const en: Record<keyof typeof zh, string> = {
  'handoff.signIn.title': 'Sign in as {next}?',
  'handoff.signIn.question': 'This link signs this console in as {next}. If that is not your own account, cancel: everything you do here after signing in would be recorded under it.',
  'handoff.signIn.accept': 'Sign in',
  'handoff.signIn.cancel': 'Cancel',
  'handoff.title': 'Switch the signed-in user?',
  'handoff.question': 'You are signed in as {current}. This link signs in as {next}.',
  'handoff.switch': 'Sign in as {next}',
  'handoff.stay': 'Stay signed in as {current}',
  'handoff.someone': 'another user',
};

export default { 'zh-CN': zh, 'en-US': en };
