/** The leave guard over several pages at once (the tab menu's close actions): asked once, only when one of them holds unsaved work. */
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unsavedWork } from '../../../src/unsavedWork/unsavedWork';
import { LeaveQuestionContext, useLeaveGuard } from '../../../src/unsavedWork/useUnsavedWork';

const forget: Array<() => void> = [];
afterEach(() => forget.splice(0).forEach((unregister) => unregister()));

function guardAnswering(discard: boolean) {
  const ask = vi.fn(() => Promise.resolve(discard));
  const wrapper = ({ children }: { children: ReactNode }) => <LeaveQuestionContext.Provider value={ask}>{children}</LeaveQuestionContext.Provider>;
  const { result } = renderHook(() => useLeaveGuard(), { wrapper });
  return { leave: result.current, ask };
}

describe('leaving several pages', () => {
  it('goes without asking when none of them holds unsaved work', async () => {
    forget.push(unsavedWork.register(['/system/dic'], () => true));
    const { leave, ask } = guardAnswering(false);
    const then = vi.fn();
    expect(await leave(then, ['/system/app', '/system/param'])).toBe(true);
    expect(ask).not.toHaveBeenCalled();
    expect(then).toHaveBeenCalledOnce();
  });

  it('asks once when any of them does, and stays when the user keeps the work', async () => {
    forget.push(unsavedWork.register(['/system/param', 'param-edit'], () => true));
    forget.push(unsavedWork.register(['/system/role'], () => true));
    const kept = guardAnswering(false);
    const then = vi.fn();
    expect(await kept.leave(then, ['/system/app', '/system/param', '/system/role'])).toBe(false);
    expect(kept.ask).toHaveBeenCalledOnce();
    expect(then).not.toHaveBeenCalled();

    const discarded = guardAnswering(true);
    expect(await discarded.leave(then, ['/system/param', '/system/role'])).toBe(true);
    expect(discarded.ask).toHaveBeenCalledOnce();
    expect(then).toHaveBeenCalledOnce();
  });
});
