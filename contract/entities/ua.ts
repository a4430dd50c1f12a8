import { choice, optionalText, requiredText, type Option } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';
import type { UaStatus } from '../ua';

export const UA_STATUSES: readonly Option<UaStatus>[] = [
  { value: '0', label: text('未处理', 'Unprocessed') },
  { value: '1', label: text('已处理', 'Processed') },
];

/**
 * The kinds of rule that classified a record (`parserType`, comma-joined in the order published:
 * `ua,device`), each shown by its label.
 */
export const UA_PARSER_KINDS: readonly Option<'ua' | 'os' | 'device'>[] = [
  { value: 'ua', label: text('浏览器', 'Browser') },
  { value: 'os', label: text('系统', 'OS') },
  { value: 'device', label: text('设备', 'Device') },
];

/** A collected user-agent string (SPEC §3 UA record): unprocessed until a rule classifies it. */
export const uaEntity = defineEntity({
  fields: {
    uaMessage: requiredText(text('UA详情', 'UA details'), 2048),
    uaStatus: choice(text('处理状态', 'Status'), UA_STATUSES, '0'),
    // Text as stored (a comma list); the options only label its parts.
    parserType: { ...optionalText(text('匹配类型', 'Match type'), 50), options: UA_PARSER_KINDS },
  },
});

export type UaRecord = EntityRecord<typeof uaEntity>;
