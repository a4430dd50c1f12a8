/** SEED=demo: 120 rows of the example table, the same on every start (a fixed sequence, no randomness). */
import type { DemoRow } from '../define';

const TOPICS = ['控制台入门', '菜单与权限', '角色授权实践', '组织架构维护', '字典与下拉选项', '参数配置说明', 'UA 规则发布', '报表模板编写', '流量看板解读', '客服查询指南'];
const KINDS = ['指南', '笔记', '问答', '案例', '更新说明', '速查表'];
const AUTHORS = ['王建国', '李晓梅', '张伟', '刘洋', '陈静', '杨帆', '黄磊', '赵敏'];

export const SAMPLE_DEMO_ROWS: readonly DemoRow[] = Array.from({ length: 120 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 0, 1) + i * 2.5 * 86_400_000);
  return {
    title: `${TOPICS[i % TOPICS.length]}（${KINDS[(i * 7) % KINDS.length]} ${String(i + 1).padStart(3, '0')}）`,
    author: AUTHORS[(i * 5) % AUTHORS.length]!,
    status: [2, 2, 1, 2, 3][i % 5]!,
    pageviews: (i * 7919) % 50_000,
    displayTime: day.toISOString().slice(0, 16).replace('T', ' '),
  };
});
