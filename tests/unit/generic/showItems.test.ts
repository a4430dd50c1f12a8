import { describe, expect, it } from 'vitest';
import { appResource } from '../../../resources/app/definition';
import { customerBankResource, customerResource } from '../../../resources/customer/definition';
import { relatedOf } from '../../../resources/registry';
import { showLines } from '../../../resources/generic/showItems';

describe('a show view from its definition', () => {
  it('lists the declared items with their labels, option labels, dictionary cells and the empty mark', () => {
    const lines = showLines(customerResource, { id: 1, name: '王伟', isEnable: '0', userType: 2, tradeType: '3', qq: null, province: '330000', city: '330100', area: '330106' }, 'en-US');
    const byKey = Object.fromEntries(lines.map((line) => [line.key, line]));
    expect(lines[0]).toEqual({ key: 'name', label: 'Name', view: { kind: 'text', text: '王伟' } });
    expect(byKey.isEnable).toMatchObject({ label: 'Status', view: { kind: 'text', text: 'Disabled' } });
    expect(byKey.userType).toMatchObject({ label: 'Customer type', view: { kind: 'text', text: 'Individual' } });
    expect(byKey.tradeType).toMatchObject({ label: 'Industry', view: { kind: 'dictionary', dicKey: 'TRADE_TYPE', value: '3' } });
    expect(byKey.qq).toMatchObject({ view: { kind: 'empty' } });
    expect(byKey['province-city-area']).toEqual({ key: 'province-city-area', label: 'Region', region: ['330000', '330100', '330106'] });
  });

  it('falls back to the list columns, showing references as the referenced label', () => {
    expect(showLines(appResource, { id: 1, code: 'crm', name: 'CRM' }, 'zh-CN').map((line) => line.key)).toEqual(appResource.columns.map((c) => c.field));
    const product = showLines(customerBankResource, { id: 2, userId: 1, payee: '王伟', appId: 7 }, 'zh-CN').find((line) => line.key === 'appId');
    expect(product).toMatchObject({ label: '产品线', view: { kind: 'reference', value: 7, reference: { resource: 'app', labelField: 'name' } } });
  });

  it('names the related tabs: bank, addresses, invoices, and the reveal log for reveal holders only', () => {
    const related = relatedOf(customerResource).map(({ spec, definition }) => [definition.name, spec.field, spec.grantedBy ?? 'list']);
    expect(related).toEqual([
      ['customerBank', 'userId', 'list'],
      ['customerAddress', 'userId', 'list'],
      ['customerInvoice', 'userId', 'list'],
      ['customerReveal', 'userId', 'reveal'],
    ]);
    expect(relatedOf(appResource)).toEqual([]);
  });
});
