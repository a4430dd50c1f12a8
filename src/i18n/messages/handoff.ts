/** Texts of the question a workbench link for another user asks before replacing the session. */
const zh = {
  'handoff.title': '切换登录用户？',
  'handoff.question': '当前已登录：{current}。该链接将以 {next} 的身份登录。',
  'handoff.switch': '以 {next} 登录',
  'handoff.stay': '继续使用 {current}',
  'handoff.someone': '另一位用户',
};

const en: Record<keyof typeof zh, string> = {
  'handoff.title': 'Switch the signed-in user?',
  'handoff.question': 'You are signed in as {current}. This link signs in as {next}.',
  'handoff.switch': 'Sign in as {next}',
  'handoff.stay': 'Stay signed in as {current}',
  'handoff.someone': 'another user',
};

export default { 'zh-CN': zh, 'en-US': en };
