/**
 * What the ingestion dialog reads from a picked or pasted file before sending it (README *Business
 * statistics → Ingestion*): the batch itself, and how many traffic and revenue rows it holds; and
 * how a refusal's field (`traffic.1.hour`) reads to the operator. The rows themselves are judged by
 * the server alone (one rule, server/statistics/ingest.ts).
 */
import { MAX_INGEST_ROWS } from '../../contract/statistics';
import { format, text, type Locale, type Text } from '../../contract/i18n';

export const INGEST_TEXTS = {
  title: text('导入统计数据', 'Ingest statistics'),
  hint: text(
    '选择或粘贴一个 JSON 批次：{"traffic": [{"siteUserId", "hour": "YYYY-MM-DD HH", "count"}], "revenue": [{"adminId", "month": "YYYY-MM", "amount"}]}，每批最多 {max} 行。一行设置它那一小时（或月份）的值：重复发送不改变任何数字。',
    'Pick or paste a JSON batch: {"traffic": [{"siteUserId", "hour": "YYYY-MM-DD HH", "count"}], "revenue": [{"adminId", "month": "YYYY-MM", "amount"}]}, at most {max} rows. A row sets its hour (or month): sending it again changes nothing.',
  ),
  pick: text('选择文件', 'Choose a file'),
  placeholder: text('或在这里粘贴 JSON', 'or paste the JSON here'),
  holds: text('流量 {traffic} 行，收入 {revenue} 行', '{traffic} traffic rows, {revenue} revenue rows'),
  send: text('导入', 'Ingest'),
  close: text('关闭', 'Close'),
  done: text('已导入：流量 {traffic} 行，收入 {revenue} 行', 'Ingested: {traffic} traffic rows, {revenue} revenue rows'),
  refused: text('整批未导入：', 'Nothing was ingested:'),
  notJson: text('不是有效的 JSON：{reason}', 'This is not valid JSON: {reason}'),
  notBatch: text('应为含 traffic 和/或 revenue 列表的对象', 'Expected an object holding a traffic and/or a revenue list'),
  empty: text('批次中没有任何行', 'The batch holds no rows'),
  tooMany: text(`每批最多 ${MAX_INGEST_ROWS} 行`, `At most ${MAX_INGEST_ROWS} rows per batch`),
  unreadable: text('无法读取文件：{name}', 'The file could not be read: {name}'),
} satisfies Record<string, Text>;

export type BatchReading =
  | { ok: true; batch: { traffic?: unknown[]; revenue?: unknown[] }; traffic: number; revenue: number }
  | { ok: false; problem: string };

/** Reads typed or loaded text as a batch; says what is wrong with it otherwise (in `locale`). */
export function readBatch(source: string, locale: Locale): BatchReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    return { ok: false, problem: format(INGEST_TEXTS.notJson[locale], { reason: error instanceof Error ? error.message : String(error) }) };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, problem: INGEST_TEXTS.notBatch[locale] };
  const { traffic, revenue } = parsed as Record<string, unknown>;
  const isList = (value: unknown) => value === undefined || value === null || Array.isArray(value);
  if (!isList(traffic) || !isList(revenue) || (traffic == null && revenue == null)) return { ok: false, problem: INGEST_TEXTS.notBatch[locale] };
  const trafficRows = Array.isArray(traffic) ? traffic : [];
  const revenueRows = Array.isArray(revenue) ? revenue : [];
  const rows = trafficRows.length + revenueRows.length;
  if (rows === 0) return { ok: false, problem: INGEST_TEXTS.empty[locale] };
  if (rows > MAX_INGEST_ROWS) return { ok: false, problem: INGEST_TEXTS.tooMany[locale] };
  return { ok: true, batch: { traffic: trafficRows, revenue: revenueRows }, traffic: trafficRows.length, revenue: revenueRows.length };
}

const LISTS: Record<string, Text> = { traffic: text('流量', 'Traffic'), revenue: text('收入', 'Revenue') };
const FIELDS: Record<string, Text> = {
  siteUserId: text('流量主编号', 'traffic owner id'),
  hour: text('小时', 'hour'),
  count: text('流量', 'count'),
  adminId: text('员工编号', 'staff id'),
  month: text('月份', 'month'),
  amount: text('金额', 'amount'),
};

/** A refused field as the operator finds it in the file: `traffic.1.hour` → `流量第 2 行 · 小时 (hour)`. */
export function refusedField(key: string, locale: Locale): string {
  const [list, index, field] = key.split('.');
  const listName = LISTS[list ?? '']?.[locale] ?? list ?? key;
  if (index === undefined || !/^\d+$/.test(index)) return listName;
  const row = locale === 'zh-CN' ? `${listName}第 ${Number(index) + 1} 行` : `${listName} row ${Number(index) + 1}`;
  if (field === undefined) return row;
  const label = FIELDS[field]?.[locale];
  return `${row} · ${label && label !== field ? `${label} (${field})` : field}`;
}
