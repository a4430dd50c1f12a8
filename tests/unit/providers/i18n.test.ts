import { afterEach, describe, expect, it, vi } from 'vitest';
import { text } from '../../../contract/i18n';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { dictionaries, getLocale, mergeMessages, setLocale, subscribe, t, translate } from '../../../src/i18n';

afterEach(() => {
  setLocale('zh-CN');
  localStorage.clear();
});

describe('i18n', () => {
  it('speaks Chinese by default', () => {
    expect(getLocale()).toBe('zh-CN');
    expect(translate('login.submit')).toBe('登录');
  });

  it('switches language, persists the choice and tells subscribers', () => {
    const listener = vi.fn();
    const stop = subscribe(listener);
    setLocale('en-US');
    stop();
    expect(localStorage.getItem('locale')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(listener).toHaveBeenCalledWith('en-US');
    expect(translate('login.submit')).toBe('Sign in');
    setLocale('zh-CN');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('starts in the stored language after a reload', async () => {
    localStorage.setItem('locale', 'en-US');
    vi.resetModules();
    const fresh = await import('../../../src/i18n');
    expect(fresh.getLocale()).toBe('en-US');
    expect(fresh.translate('app.title')).toBe('Staff Admin');
  });

  it('fills {name} placeholders', () => {
    expect(translate('login.passwordTooShort', { min: 6 })).toBe('密码长度不能少于 6 位');
    setLocale('en-US');
    expect(translate('login.passwordTooShort', { min: 6 })).toBe('The password must be at least 6 characters');
  });

  it('falls back to the given default, then to the key', () => {
    expect(translate('no.such.key', undefined, 'Fallback')).toBe('Fallback');
    expect(translate('no.such.key')).toBe('no.such.key');
  });

  it('picks the current locale of a contract Text', () => {
    const label = text('用户名', 'Username');
    expect(t(label)).toBe('用户名');
    setLocale('en-US');
    expect(t(label)).toBe('Username');
  });

  it('refuses a locale it does not know', () => {
    expect(() => setLocale('fr-FR')).toThrow(/Unknown locale/);
  });

  it('holds the product texts of SPEC §8 in both languages', () => {
    expect(dictionaries['zh-CN']['confirm.delete.content']).toBe('您确认删除吗？');
    expect(dictionaries['en-US']['confirm.delete.title']).toBe('Confirm deletion');
    expect(dictionaries['en-US']['pages.error.404']).toBe('The webmaster said that you can not enter this page...');
    expect(dictionaries['en-US']['session.verificationFailed']).toBe('Verification failed, please Login again.');
    expect(dictionaries['zh-CN']['common.empty']).toBe('--');
  });

  it('merges message files, a later file adding keys', () => {
    const merged = mergeMessages([{ 'zh-CN': { a: '甲' } }, { 'zh-CN': { b: '乙' }, 'en-US': { b: 'B' } }]);
    expect(merged).toEqual({ 'zh-CN': { a: '甲', b: '乙' }, 'en-US': { b: 'B' } });
  });
});

describe('Refine i18n provider', () => {
  it('translates with params and default, or with a default only', () => {
    const provider = createI18nProvider();
    expect(provider.translate('notifications.deleteSuccess', { resource: 'x' }, 'Deleted')).toBe('删除成功');
    expect(provider.translate('buttons.nothing', 'Default text')).toBe('Default text');
  });

  it('changes and reports the locale', async () => {
    const provider = createI18nProvider();
    await provider.changeLocale('en-US');
    expect(provider.getLocale()).toBe('en-US');
    expect(provider.translate('buttons.save')).toBe('Save');
  });
});
