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

  it('shows two digits at each end of a QQ number, none of a short one', () => {
    expect(maskValue('qq', '10371930')).toBe('10****30');
    expect(maskValue('qq', '123456789')).toBe('12****89');
    expect(maskValue('qq', '1234567')).toBe('****');
  });

  it('keeps of a street address only the words before its first number, at most four characters', () => {
    expect(maskValue('address', '人民路12号')).toBe('人民路****');
    expect(maskValue('address', '解放大道128号3栋')).toBe('解放大道****');
    expect(maskValue('address', '科技园路创新大厦B座1201')).toBe('科技园路****');
    expect(maskValue('address', '１２号院')).toBe('****');
    expect(maskValue('address', '12 Baker Street')).toBe('****');
  });

  it('keeps the first character of a person’s name and hides how long the rest is', () => {
    expect(maskValue('personName', '何丽华')).toBe('何**');
    expect(maskValue('personName', '王伟')).toBe('王**');
    expect(maskValue('personName', '欧阳建华')).toBe('欧**');
    expect(maskValue('personName', '李')).toBe('**');
  });

  it('changes nothing when the new kinds mask a masked value again (the audit log masks twice)', () => {
    for (const [kind, value] of [['qq', '10371930'], ['qq', '12345'], ['address', '人民路12号'], ['address', '12号'], ['personName', '何丽华'], ['personName', '李']] as const) {
      const once = maskValue(kind, value);
      expect(maskValue(kind, once), `${kind} ${value}`).toBe(once);
    }
  });

  it('leaves missing values missing and masks only the listed fields', () => {
    expect(maskValue('phone', null)).toBeNull();
    expect(maskValue('email', '')).toBe('');
    expect(maskRecord({ id: 1, name: '王伟', telephone: '13800000000' }, { telephone: 'phone' })).toEqual({ id: 1, name: '王伟', telephone: '138****0000' });
  });
});
