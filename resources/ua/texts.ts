/**
 * The publish dialog's texts. They live with the dialog (as contract Texts) rather than in the
 * console's dictionaries, which load with every page: only this lazily loaded dialog needs them.
 */
import { format, text, type Locale, type Text } from '../../contract/i18n';

export const UA_TEXTS = {
  title: text('发布规则 · UA {id}', 'Publish a rule · UA {id}'),
  uaString: text('UA 字符串', 'UA string'),
  samples: text('更多样例（每行一条，最多 50 条）', 'More samples (one per line, up to 50)'),
  bench: text('试运行', 'Test bench'),
  benchHint: text('填写正则后，这里显示规则对 UA 及样例的解析结果，并与当前规则集对比。', 'Once a regex is filled in, this shows what the rule parses each string to, beside what the current rule set gives.'),
  draft: text('新规则', 'With this rule'),
  current: text('当前规则集', 'Current rule set'),
  string: text('字符串', 'String'),
  device: text('设备', 'Device'),
  os: text('系统', 'OS'),
  browser: text('浏览器', 'Browser'),
  matches: text('还能匹配其他 {count} 条未处理记录', 'Also matches {count} other unprocessed records'),
  matchesScanned: text('（查看了最新的 {scanned} 条）', '(of the latest {scanned} looked at)'),
  markMatches: text('发布时把这些记录也标记为已处理', 'Mark them processed too when publishing'),
  invalid: text('规则有误，无法试运行', 'The rule has problems: fix them to try it'),
  failed: text('试运行失败：{message}', 'The test run failed: {message}'),
  submit: text('提交', 'Submit'),
  cancel: text('取消', 'Cancel'),
  export: text('导出 regexes.yaml', 'Export regexes.yaml'),
} as const;

export function say(message: Text, locale: Locale, params: Record<string, string | number> = {}): string {
  return format(message[locale], params);
}
