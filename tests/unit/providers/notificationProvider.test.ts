import { describe, expect, it, vi } from 'vitest';
import { createNotificationProvider, ERROR_KEY, ERROR_SECONDS } from '../../../providers/notificationProvider';

function fakeMessage() {
  return { open: vi.fn(), destroy: vi.fn() };
}

describe('notification provider', () => {
  it('shows the server message of an error for 5 seconds', () => {
    const api = fakeMessage();
    createNotificationProvider(api).open({ type: 'error', message: 'Error (status code: 1005)', description: 'key值不可以重复' });
    expect(api.open).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', content: 'key值不可以重复', duration: ERROR_SECONDS }));
    expect(ERROR_SECONDS).toBe(5);
  });

  it('shows one error at a time: every error uses the same key, so a new one replaces the shown one', () => {
    const api = fakeMessage();
    const provider = createNotificationProvider(api);
    provider.open({ type: 'error', message: 'first', key: 'a' });
    provider.open({ type: 'error', message: 'second', key: 'b' });
    expect(api.open.mock.calls.map(([c]) => c.key)).toEqual([ERROR_KEY, ERROR_KEY]);
  });

  it('shows success messages as given', () => {
    const api = fakeMessage();
    createNotificationProvider(api).open({ type: 'success', message: '删除成功', description: '操作成功', key: 'k' });
    expect(api.open).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', content: '删除成功', key: 'k' }));
  });

  it('closes a shown error', () => {
    const api = fakeMessage();
    createNotificationProvider(api).close('login-error');
    expect(api.destroy).toHaveBeenCalledWith(ERROR_KEY);
  });
});
