/**
 * Stored names on screen (issue 20, item 16): the audit log's tables, columns and join-table keys,
 * the reveal log's lists and fields, and the UA list's match types read as people call them, in
 * both languages; what nothing names stays as stored rather than vanishing.
 */
import { describe, expect, it } from 'vitest';
import { cellView, optionLabel } from '../../../resources/generic/cells';
import { labelled, parseChanges } from '../../../resources/generic/changes';
import { findResource } from '../../../resources/registry';
import { columnLabel, columnValue, recordKeyText, tableLabel } from '../../../resources/tableLabels';

const auditLog = findResource('auditLog')!;
const revealLog = findResource('revealLog')!;
const ua = findResource('ua')!;
const column = (definition: typeof auditLog, field: string) => definition.columns.find((c) => c.field === field)!;

describe('the audit log’s tables and columns', () => {
  it('names the tables of declared resources, bespoke screens and those with no entity', () => {
    expect(tableLabel('param', 'zh-CN')).toBe('参数配置');
    expect(tableLabel('user', 'en-US')).toBe('Staff');
    expect(tableLabel('user_role', 'zh-CN')).toBe('员工角色');
    expect(tableLabel('role_permission', 'en-US')).toBe('Role grants');
    expect(cellView(auditLog, column(auditLog, 'tableName'), 'user_role', 'zh-CN')).toEqual({ kind: 'stored', table: 'user_role' });
    expect(tableLabel('no_such_table', 'zh-CN')).toBe('no_such_table');
  });

  it('names the columns no field declares: password material, flags, keys and times', () => {
    expect(columnLabel('user', 'password_hash', 'zh-CN')).toBe('密码');
    expect(columnLabel('user', 'must_change_password', 'en-US')).toBe('Must change password');
    expect(columnLabel('user', 'telephone', 'zh-CN')).toBe('手机号');
    expect(columnLabel('dic', 'open_status', 'zh-CN')).toBeDefined();
    expect(columnLabel('template', 'create_time', 'en-US')).toBe('Created');
    const changes = labelled(parseChanges(JSON.stringify({ password_hash: ['******', '******'], must_change_password: [0, 1] }), 'zh-CN'), 'user', 'zh-CN', columnLabel);
    expect(changes.map((c) => c.label)).toEqual(['密码', '须修改密码']);
  });

  it('names a role link’s end and reads it as a local date and time, an empty end as empty', () => {
    expect(columnLabel('user_role', 'expires_at', 'zh-CN')).toBe('有效期至');
    expect(columnLabel('user_role', 'expires_at', 'en-US')).toBe('Valid until');
    const end = new Date(2026, 11, 1, 9, 5, 0).getTime();
    const changes = labelled(parseChanges(JSON.stringify({ expires_at: [null, end], role_id: [null, 2] }), 'en-US'), 'user_role', 'en-US', columnLabel, columnValue);
    expect(changes.map(({ label, before, after }) => ({ label, before, after }))).toEqual([
      { label: 'Valid until', before: '', after: '2026-12-01 09:05:00' },
      { label: 'Role', before: '', after: '2' },
    ]);
  });

  it('reads a join table’s key as whose and which, and an ingested key as whose and when', () => {
    expect(recordKeyText('user_role', '33:2', 'zh-CN')).toBe('员工 33 · 角色 2');
    expect(recordKeyText('role_permission', '1:140', 'en-US')).toBe('Role 1 · Permission node 140');
    expect(recordKeyText('param', '7', 'zh-CN')).toBe('7');
    expect(cellView(auditLog, column(auditLog, 'recordId'), '33:2', 'en-US', { tableName: 'user_role' })).toEqual({ kind: 'stored', table: 'user_role', key: '33:2' });
    expect(columnLabel('traffic_hour', 'traffic 1 2026-11-26 10', 'zh-CN')).toBe('流量主 1 · 2026-11-26 10:00');
    expect(columnLabel('revenue_month', 'revenue 36 2026-11', 'en-US')).toBe('Staff 36 · 2026-11');
  });

  it('shows a call by the name the server gives it, the path in its tooltip, and the path alone without one', () => {
    const route = column(auditLog, 'route');
    expect(cellView(auditLog, route, '/base/admin/param/saveOrUpdate', 'zh-CN', { routeName: '参数配置 · 保存' })).toEqual({ kind: 'text', text: '参数配置 · 保存', title: '/base/admin/param/saveOrUpdate' });
    expect(cellView(auditLog, route, '/base/admin/unknown', 'zh-CN', {})).toEqual({ kind: 'text', text: '/base/admin/unknown' });
  });
});

describe('the reveal log', () => {
  it('names the related list and the field, not their code names', () => {
    expect(cellView(revealLog, column(revealLog, 'resource'), 'customerBank', 'zh-CN')).toEqual({ kind: 'text', text: '收款信息' });
    expect(cellView(revealLog, column(revealLog, 'resource'), 'customerBank', 'en-US')).toEqual({ kind: 'text', text: 'Bank and payee' });
    expect(cellView(revealLog, column(revealLog, 'field'), 'telephone', 'zh-CN', { resource: 'customer' })).toMatchObject({ kind: 'text', text: expect.not.stringContaining('telephone') });
    const customerLog = findResource('customerReveal')!;
    expect(cellView(customerLog, column(customerLog, 'resource'), 'customerAddress', 'en-US')).toEqual({ kind: 'text', text: 'Addresses' });
  });
});

describe('a UA record’s match type', () => {
  it('reads `ua,device` as the labels of its parts in both languages', () => {
    const parserType = ua.entity.fields.parserType!;
    expect(optionLabel(parserType, 'ua,device', 'zh-CN')).toBe('浏览器、设备');
    expect(optionLabel(parserType, 'ua,os,device', 'en-US')).toBe('Browser, OS, Device');
    expect(optionLabel(parserType, 'os', 'en-US')).toBe('OS');
    expect(optionLabel(parserType, 'ua,nope', 'zh-CN')).toBeUndefined();
    expect(cellView(ua, column(ua, 'parserType'), 'ua,device', 'zh-CN')).toEqual({ kind: 'text', text: '浏览器、设备' });
  });
});
