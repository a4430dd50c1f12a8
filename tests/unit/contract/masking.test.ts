import { describe, expect, it } from 'vitest';
import { maskRecord, maskValue } from '../../../contract/masking';

describe('masking personal data', () => {
  it('keeps the first three and last four digits of a phone number', () => {
    expect(maskValue('phone', '13800000000')).toBe('138****0000');
    expect(maskValue('phone', '123')).toBe('****');
  });

  it('keeps the first letter and the domain of an e-mail', () => {
    expect(maskValue('email', 'zhang12@example.com')).toBe('z***@example.com');
    expect(maskValue('email', 'no-at-sign')).toBe('****');
  });

  it('shows the first and last four digits of a bank account in groups', () => {
    expect(maskValue('bankAccount', '6222021234567891234')).toBe('6222 **** **** 1234');
    expect(maskValue('bankAccount', '6222 0212 3456 7891 234')).toBe('6222 **** **** 1234');
  });

  it('masks an Alipay account as the phone or e-mail it is', () => {
    expect(maskValue('account', '13912345678')).toBe('139****5678');
    expect(maskValue('account', 'li@example.cn')).toBe('l***@example.cn');
  });

  it('keeps the length of a tax number, showing its ends', () => {
    expect(maskValue('taxNumber', '91110000MA12345678')).toBe('9111**********5678');
  });

  it('leaves missing values missing and masks only the listed fields', () => {
    expect(maskValue('phone', null)).toBeNull();
    expect(maskValue('email', '')).toBe('');
    expect(maskRecord({ id: 1, name: '王伟', telephone: '13800000000' }, { telephone: 'phone' })).toEqual({ id: 1, name: '王伟', telephone: '138****0000' });
  });
});
