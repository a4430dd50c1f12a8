import { describe, expect, it } from 'vitest';
import { isServerPage, MIN_PASSWORD_LENGTH } from '../../../contract/session';
import { checkLogin, checkPassword, checkUsername } from '../../../src/pages/login/rules';

describe('login rules', () => {
  it('requires a username; blank counts as empty', () => {
    expect(checkUsername('')).toEqual({ key: 'login.usernameRequired' });
    expect(checkUsername('   ')).toEqual({ key: 'login.usernameRequired' });
  });

  it('checks the trimmed username against the contract pattern', () => {
    expect(checkUsername(' admin ')).toBeUndefined();
    expect(checkUsername('E0012_a.b-c')).toBeUndefined();
    expect(checkUsername('ad min')).toEqual({ key: 'login.usernameInvalid' });
    expect(checkUsername('管理员')).toEqual({ key: 'login.usernameInvalid' });
    expect(checkUsername('a'.repeat(32))).toBeUndefined();
    expect(checkUsername('a'.repeat(33))).toEqual({ key: 'login.usernameInvalid' });
  });

  it('requires a password of at least the contract length, not trimmed', () => {
    expect(checkPassword('')).toEqual({ key: 'login.passwordRequired' });
    expect(checkPassword('x'.repeat(MIN_PASSWORD_LENGTH - 1))).toEqual({ key: 'login.passwordTooShort', params: { min: MIN_PASSWORD_LENGTH } });
    expect(checkPassword('x'.repeat(MIN_PASSWORD_LENGTH))).toBeUndefined();
    expect(checkPassword(' '.repeat(MIN_PASSWORD_LENGTH))).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPassword('😀'.repeat(MIN_PASSWORD_LENGTH - 1))).toMatchObject({ key: 'login.passwordTooShort' });
  });

  it('answers one problem per invalid field', () => {
    expect(checkLogin({ username: '', password: '' })).toEqual({ username: { key: 'login.usernameRequired' }, password: { key: 'login.passwordRequired' } });
    expect(checkLogin({ username: 'admin', password: 'admin-secret' })).toEqual({});
  });
});

describe('pages of the server after login', () => {
  it('loads the workbench in full, and routes every console path inside the console', () => {
    expect(isServerPage('/workbench')).toBe(true);
    expect(isServerPage('/workbench?from=login')).toBe(true);
    expect(isServerPage('/system/param')).toBe(false);
    expect(isServerPage('/workbenches')).toBe(false);
  });
});
