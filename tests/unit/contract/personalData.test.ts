import { describe, expect, it } from 'vitest';
import { STAFF_PERSONAL_FIELDS, staffEntity } from '../../../contract/entities/staff';
import { maskPersonal, type PersonalKind } from '../../../contract/personalData';

describe('masking personal data for the logs', () => {
  it('keeps the region and the last four of an ID card number, hiding the birth date', () => {
    expect(maskPersonal('idCard', '320102199505013821')).toBe('320102****3821');
    expect(maskPersonal('idCard', '110101900101123')).toBe('110101****1123');
    expect(maskPersonal('idCard', '12345')).toBe('****');
  });

  it('says only that a hidden value exists', () => {
    expect(maskPersonal('hidden', '幸福小区 2 栋 129 室')).toBe('******');
    expect(maskPersonal('hidden', null)).toBeNull();
    expect(maskPersonal('hidden', '')).toBe('');
  });

  it('masks phones and e-mails as the screens do', () => {
    expect(maskPersonal('phone', '17700000010')).toBe('177****0010');
    expect(maskPersonal('email', 'atk10@example.com')).toBe('a***@example.com');
  });

  it('changes nothing when masking a masked value again', () => {
    const samples: Array<[PersonalKind, string]> = [
      ['phone', '13800000000'], ['email', 'zhang@example.com'], ['idCard', '320102199505013821'], ['hidden', 'x'],
      ['bankAccount', '6222021234567891234'], ['account', 'li@example.cn'], ['taxNumber', '91110000MA12345678'],
    ];
    for (const [kind, value] of samples) {
      const once = maskPersonal(kind, value);
      expect(maskPersonal(kind, once), kind).toBe(once);
    }
  });

  it('declares only fields of the staff record', () => {
    for (const field of Object.keys(STAFF_PERSONAL_FIELDS)) expect(staffEntity.fields).toHaveProperty(field);
  });
});
