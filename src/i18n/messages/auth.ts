/** Texts of the login screen. */
const zh = {
  'login.product': '员工基础管理系统',
  'login.subtitle': '使用员工账号登录',
  'login.username': '用户名',
  'login.password': '密码',
  'login.usernamePlaceholder': '请输入用户名',
  'login.passwordPlaceholder': '请输入密码',
  'login.usernameRequired': '请输入用户名',
  'login.usernameInvalid': '用户名只能包含字母、数字、下划线、点和短横线，最多 32 个字符',
  'login.passwordRequired': '请输入密码',
  'login.passwordTooShort': '密码长度不能少于 {min} 位',
  'login.submit': '登录',
  'login.failed': '登录失败',
  'login.language': '语言',
  'login.footer': '仅限内部员工使用',
};

const en: Record<keyof typeof zh, string> = {
  'login.product': 'Staff Admin',
  'login.subtitle': 'Sign in with your staff account',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.usernamePlaceholder': 'Enter your username',
  'login.passwordPlaceholder': 'Enter your password',
  'login.usernameRequired': 'Please enter your username',
  'login.usernameInvalid': 'Use letters, digits, underscore, dot or hyphen (up to 32 characters)',
  'login.passwordRequired': 'Please enter your password',
  'login.passwordTooShort': 'The password must be at least {min} characters',
  'login.submit': 'Sign in',
  'login.failed': 'Sign-in failed',
  'login.language': 'Language',
  'login.footer': 'For internal staff only',
};

export default { 'zh-CN': zh, 'en-US': en };
