import { text } from './i18n';

/** Validation messages shared by every entity; `{label}` is the field's own label. */
export const ruleMessages = {
  required: text('{label}不能为空', '{label} is required'),
  requiredSelect: text('请选择{label}', 'Please choose {label}'),
  maxLength: text('{label}长度不能超过{max}个字符', '{label} must be at most {max} characters'),
  lengthBetween: text('{label}长度为{min}到{max}个字符', '{label} must be {min} to {max} characters'),
  digits: text('{label}只能是数字', '{label} must contain digits only'),
  email: text('{label}格式不正确', '{label} is not a valid email address'),
  idCard: text('{label}格式不正确', '{label} is not a valid ID card number'),
  idCardCheck: text('{label}校验位不正确', '{label} has a wrong check digit'),
  phone: text('{label}格式不对', '{label} is not a valid mobile number'),
  notAfterToday: text('{label}不能晚于今天', '{label} cannot be after today'),
  date: text('{label}日期格式不正确', '{label} must be a date (YYYY-MM-DD)'),
  dateMin: text('{label}不能早于{min}', '{label} cannot be before {min}'),
  dateMax: text('{label}不能晚于{max}', '{label} cannot be after {max}'),
  dateTime: text('{label}须为1970年至9999年之间的时间', '{label} must be a time from 1970 to 9999'),
  number: text('{label}须为数字', '{label} must be a number'),
  minorUnits: text('{label}最多保留{scale}位小数', '{label} can have at most {scale} decimals'),
  numberMin: text('{label}不能小于{min}', '{label} cannot be less than {min}'),
  numberMax: text('{label}不能大于{max}', '{label} cannot be more than {max}'),
  control: text('{label}不能包含控制字符', '{label} cannot contain control characters'),
  noComma: text('{label}不能包含逗号', '{label} cannot contain a comma'),
  readOnly: text('{label}不可修改', '{label} cannot be changed'),
  loginName: text('{label}只能包含字母、数字、_ . -', '{label} may contain letters, digits, _ . - only'),
  choice: text('{label}的取值无效', '{label} has an invalid value'),
  tagsMax: text('{label}最多选择{max}项', '{label} can hold at most {max} values'),
  webAddress: text('{label}须为 http(s) 地址或以 / 开头的路径', '{label} must be an http(s) URL or a path starting with /'),
  leadingSlash: text('{label}须以“/”开头', '{label} must start with "/"'),
  spaces: text('{label}不能包含空格', '{label} cannot contain spaces'),
  emptySegment: text('{label}不能包含连续的“/”', '{label} cannot contain "//"'),
  pathCharacters: text(
    '{label}只能包含字母、数字和 / - . _ ~ 等网址路径字符（中文等其他字符须先做 % 编码）',
    '{label} may contain only URL path characters: letters, digits and / - . _ ~ (percent-encode anything else)',
  ),
  menuIcon: text('{label}须为图标选择器中的图标', '{label} must be one of the icons of the icon picker'),
  identifier: text('{label}只能包含字母、数字和下划线，且不能以数字开头', '{label} may contain letters, digits and _ and cannot start with a digit'),
} as const;
export type RuleMessage = keyof typeof ruleMessages;

/** Messages of the rules over two fields (./crossRules): `{label}` the checked field, `{other}` the one it is compared with. */
export const crossRuleMessages = {
  after: text('{label}须晚于{other}', '{label} must be after {other}'),
  notBefore: text('{label}不能早于{other}', '{label} must not be before {other}'),
  requiredWhen: text('{other}为“{value}”时，{label}不能为空', '{label} is required when {other} is {value}'),
} as const;
export type CrossRuleMessage = keyof typeof crossRuleMessages;
