/**
 * What a delete takes with it, as `<endpoint>/deleteImpact?ids=` (resources/define.ts) answers it before the delete's
 * confirmation asks: per record its name, what goes with it (a master's details, the staff who
 * lose a role…) and, when the delete would be refused, why. A small read granted with the delete
 * (its API element sits under the delete button's page element).
 */
import { format, type Text } from './i18n';

/** One thing that goes (or stands in the way), counted: the text already holds the count. */
export interface ImpactCount {
  count: number;
  text: Text;
}

export interface DeleteImpactItem {
  id: number;
  /** The record's name (the definition's labelField), when it has one. */
  label: string | null;
  /** Non-zero counts only. */
  counts: ImpactCount[];
  /** Set when the delete would be refused: what the server would answer. */
  refusal?: Text;
}

export interface DeleteImpact {
  items: DeleteImpactItem[];
}

/** A count with its text: `{count}` filled in every language. */
export function impactCount(count: number, template: Text): ImpactCount {
  return { count, text: { 'zh-CN': format(template['zh-CN'], { count }), 'en-US': format(template['en-US'], { count }) } };
}
