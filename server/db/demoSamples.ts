/** SEED=demo: 120 rows of the example table, the same on every start (a fixed sequence, no randomness). */
import type { Kysely } from 'kysely';
import { sampleEntity, validateEntity } from '../../contract';
import type { Database } from './schema';

const TOPICS = ['控制台入门', '菜单与权限', '角色授权实践', '组织架构维护', '字典与下拉选项', '参数配置说明', 'UA 规则发布', '报表模板编写', '流量看板解读', '客服查询指南'];
const KINDS = ['指南', '笔记', '问答', '案例', '更新说明', '速查表'];
const AUTHORS = ['王建国', '李晓梅', '张伟', '刘洋', '陈静', '杨帆', '黄磊', '赵敏'];

export const DEMO_SAMPLE_COUNT = 120;

export function demoSamples(): Array<Record<string, unknown>> {
  return Array.from({ length: DEMO_SAMPLE_COUNT }, (_, i) => {
    const day = new Date(Date.UTC(2026, 0, 1) + i * 2.5 * 86_400_000);
    const stamp = day.toISOString().slice(0, 16).replace('T', ' ');
    return {
      title: `${TOPICS[i % TOPICS.length]}（${KINDS[(i * 7) % KINDS.length]} ${String(i + 1).padStart(3, '0')}）`,
      author: AUTHORS[(i * 5) % AUTHORS.length],
      status: [2, 2, 1, 2, 3][i % 5],
      pageviews: (i * 7919) % 50_000,
      displayTime: stamp,
    };
  });
}

export async function insertDemoSamples(trx: Kysely<Database>): Promise<void> {
  const rows = demoSamples().map((row) => {
    const checked = validateEntity(sampleEntity, row);
    if (!checked.ok) throw new Error(`Invalid sample row: ${JSON.stringify(checked.fields)}`);
    return checked.value;
  });
  await (trx as unknown as Kysely<Record<string, Record<string, unknown>>>).insertInto('sample_row').values(rows).execute();
}
