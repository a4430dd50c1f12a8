/** What the organisation screens ask before removing members or deleting a node (SPEC §5 Confirmations). */
import type { OfficeNode } from '../../contract/entities/office';
import type { Locale } from '../../contract/i18n';
import { countDescendants } from './officeTree';

export interface Question {
  key: string;
  params: Record<string, string | number>;
}

/** Names listed in a confirmation before the rest is summed up by the count. */
export const LISTED_NAMES = 10;

const SEPARATOR: Record<Locale, string> = { 'zh-CN': '、', 'en-US': ', ' };
const MORE: Record<Locale, string> = { 'zh-CN': '等', 'en-US': ' and others' };

/** '张三、李四' / 'Zhang San, Li Si'; past LISTED_NAMES, the first ones and '等' / 'and others'. */
export function nameList(names: readonly string[], locale: Locale): string {
  const listed = names.slice(0, LISTED_NAMES).join(SEPARATOR[locale]);
  return names.length > LISTED_NAMES ? `${listed}${MORE[locale]}` : listed;
}

/** '确认移除 张三、李四 共2人吗？' */
export function removeMembersQuestion(members: ReadonlyArray<{ name?: string | null }>, locale: Locale): Question {
  const names = members.map((member) => member.name ?? '').filter(Boolean);
  return { key: 'office.members.removeConfirm', params: { names: nameList(names, locale), count: members.length } };
}

/** '确认删除“研发部”及其下级组织吗？' when it has children, else '确认删除“研发部”吗？'. */
export function deleteOfficeQuestion(node: OfficeNode): Question {
  const count = countDescendants(node);
  return count > 0
    ? { key: 'office.delete.withChildren', params: { name: node.name, count } }
    : { key: 'office.delete.single', params: { name: node.name } };
}
