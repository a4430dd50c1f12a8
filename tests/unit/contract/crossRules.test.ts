/**
 * The ready-made rules over several fields of an entity, and how validateEntity applies them: after
 * the per-field rules, only on valid values, with the message (naming both labels) on the target.
 */
import { describe, expect, it } from 'vitest';
import { after, choice, crossRule, digits, optionalText, requiredText, requiredWhen, text, validateEntity } from '../../../contract';
import { defineEntity } from '../../../contract/entity';

const period = defineEntity({
  fields: {
    startDate: optionalText(text('开始日期', 'Start date'), 10),
    endDate: optionalText(text('结束日期', 'End date'), 10),
    openedAt: digits(text('开始时间', 'Opened at'), 15, false),
    closedAt: digits(text('结束时间', 'Closed at'), 15, false),
  },
  rules: [after('endDate', 'startDate'), after('closedAt', 'openedAt', { orEqual: true })],
});

describe('after', () => {
  it('refuses an end date on or before its start, naming both labels in either language', () => {
    expect(validateEntity(period, { startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual({
      ok: false,
      fields: { endDate: '结束日期须晚于开始日期' },
      message: '结束日期须晚于开始日期',
    });
    expect(validateEntity(period, { startDate: '2026-03-02', endDate: '2026-03-02' }, 'en-US')).toMatchObject({ fields: { endDate: 'End date must be after Start date' } });
    expect(validateEntity(period, { startDate: '2026-03-02', endDate: '2026-03-03' }).ok).toBe(true);
  });

  it('compares epoch milliseconds as numbers, and lets an equal one pass with orEqual', () => {
    expect(validateEntity(period, { openedAt: 1000, closedAt: 999 }, 'en-US')).toMatchObject({ fields: { closedAt: 'Closed at must not be before Opened at' } });
    expect(validateEntity(period, { openedAt: 1000, closedAt: 1000 }).ok).toBe(true);
    // As text the order would be wrong: '999' > '1000'.
    expect(validateEntity(period, { openedAt: '999', closedAt: '1000' }).ok).toBe(true);
  });

  it('passes while either value is empty, and waits for a field breaking its own rule', () => {
    expect(validateEntity(period, { startDate: '2026-03-02' }).ok).toBe(true);
    expect(validateEntity(period, { endDate: '2026-03-01' }).ok).toBe(true);
    const invalid = validateEntity(period, { startDate: 'x'.repeat(11), endDate: '2026-03-01' });
    expect(invalid.ok ? {} : invalid.fields).toEqual({ startDate: expect.stringContaining('开始日期长度') });
  });
});

const leave = defineEntity({
  fields: {
    kind: choice(text('类型', 'Kind'), [
      { value: 1, label: text('年假', 'Annual') },
      { value: 2, label: text('其他', 'Other') },
    ]),
    reason: optionalText(text('事由', 'Reason'), 50),
    name: requiredText(text('名称', 'Name'), 10),
  },
  rules: [
    requiredWhen('reason', { field: 'kind', values: [2] }),
    crossRule({ fields: ['name', 'reason'], on: 'name', check: (values) => (values.name === values.reason ? 'same' : undefined) }),
  ],
});

describe('requiredWhen', () => {
  it('requires the field while the other holds one of the values, naming that value by its label', () => {
    expect(validateEntity(leave, { kind: '2', name: 'a' })).toMatchObject({ fields: { reason: '类型为“其他”时，事由不能为空' } });
    expect(validateEntity(leave, { kind: 2, name: 'a' }, 'en-US')).toMatchObject({ fields: { reason: 'Reason is required when Kind is Other' } });
    expect(validateEntity(leave, { kind: 2, name: 'a', reason: 'b' }).ok).toBe(true);
    expect(validateEntity(leave, { kind: 1, name: 'a' }).ok).toBe(true);
  });
});

describe('crossRule', () => {
  it('puts its own message on its target field', () => {
    expect(validateEntity(leave, { kind: 1, name: 'same', reason: 'same' })).toMatchObject({ fields: { name: 'same' } });
  });
});
