import { describe, expect, it } from 'vitest';
import { readBatch, refusedField } from '../../../resources/statistics/ingestBatch';

describe('a batch picked or pasted into the ingestion dialog', () => {
  it('counts its traffic and revenue rows', () => {
    const reading = readBatch(JSON.stringify({ traffic: [{ siteUserId: 1, hour: '2026-11-26 10', count: 3 }, {}], revenue: [{ adminId: 2, month: '2026-11', amount: 1 }] }), 'zh-CN');
    expect(reading).toMatchObject({ ok: true, traffic: 2, revenue: 1 });
    expect(readBatch('{"revenue": []}', 'en-US')).toEqual({ ok: false, problem: 'The batch holds no rows' });
  });

  it('says what is wrong with text that is no batch, in the screen’s language', () => {
    expect(readBatch('{"traffic": [', 'zh-CN')).toMatchObject({ ok: false, problem: expect.stringMatching(/^不是有效的 JSON：/) });
    expect(readBatch('[1, 2]', 'en-US')).toEqual({ ok: false, problem: 'Expected an object holding a traffic and/or a revenue list' });
    expect(readBatch('{"traffic": 5}', 'zh-CN')).toEqual({ ok: false, problem: '应为含 traffic 和/或 revenue 列表的对象' });
    expect(readBatch(JSON.stringify({ traffic: Array.from({ length: 5001 }, () => ({})) }), 'en-US')).toEqual({ ok: false, problem: 'At most 5000 rows per batch' });
  });

  it('names a refused field as the operator finds it in the file', () => {
    expect(refusedField('traffic.1.hour', 'zh-CN')).toBe('流量第 2 行 · 小时 (hour)');
    expect(refusedField('revenue.0.adminId', 'en-US')).toBe('Revenue row 1 · staff id (adminId)');
    expect(refusedField('traffic.4.count', 'en-US')).toBe('Traffic row 5 · count');
    expect(refusedField('traffic', 'en-US')).toBe('Traffic');
  });
});
