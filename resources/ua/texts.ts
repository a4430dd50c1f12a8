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
  rulesTitle: text('已发布的规则 · UA {id}', 'Published rules · UA {id}'),
  onlyThisRecord: text('只看本条记录的规则', 'Only this record’s rules'),
  ruleId: text('规则', 'Rule'),
  ruleRecord: text('UA 编号', 'UA id'),
  ruleKind: text('解析', 'Parser'),
  ruleRegex: text('正则表达式', 'Regex'),
  ruleReplacements: text('替换', 'Replacements'),
  rulePublished: text('发布', 'Published'),
  ruleState: text('状态', 'State'),
  ruleActive: text('生效中', 'In use'),
  ruleUnpublished: text('已撤销（{name}，{time}）', 'Unpublished ({name}, {time})'),
  unpublish: text('撤销发布', 'Unpublish'),
  unpublishConfirm: text('撤销后，解析、试运行和导出都不再使用这条规则（所有服务器）。它已标记为已处理的记录保持不变，可逐条重新打开。', 'Once unpublished, parsing, the bench and the export stop using this rule on every server. Records it marked processed stay so; reopen them one by one.'),
  noRules: text('没有规则', 'No rules'),
  close: text('关闭', 'Close'),
  reopenTitle: text('重新打开 · UA {id}', 'Reopen · UA {id}'),
  reopenContent: text('把这条记录改回“未处理”？为它发布的规则仍然生效，需要时请另行撤销。', 'Set this record back to unprocessed? Rules published for it stay in use: unpublish them separately if needed.'),
  reopenNotProcessed: text('这条记录本来就是未处理。', 'This record is already unprocessed.'),
  reopenOk: text('重新打开', 'Reopen'),
} as const;

export function say(message: Text, locale: Locale, params: Record<string, string | number> = {}): string {
  return format(message[locale], params);
}
