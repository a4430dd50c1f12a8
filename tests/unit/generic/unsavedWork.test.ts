import { describe, expect, it, vi } from 'vitest';
import { isImplicitSubmit, refuseImplicitSubmit } from '../../../resources/generic/dialogGuard';
import { createUnsavedWork, isWithin, type LeavePageTarget } from '../../../src/unsavedWork/unsavedWork';

/** A stand-in for the window: its beforeunload listeners. */
function fakePage() {
  const listeners = new Set<(event: BeforeUnloadEvent) => void>();
  const page: LeavePageTarget = { addEventListener: (_type, listener) => listeners.add(listener), removeEventListener: (_type, listener) => listeners.delete(listener) };
  /** A reload: whether the browser would ask its leave-page question. */
  const reload = () => {
    const event = { preventDefault: vi.fn(), returnValue: undefined as unknown } as unknown as BeforeUnloadEvent & { preventDefault: ReturnType<typeof vi.fn> };
    for (const listener of listeners) listener(event);
    return event.preventDefault.mock.calls.length > 0;
  };
  return { page, listeners, reload };
}

describe('the record of unsaved work', () => {
  it('knows whether any form, or any form within a scope, holds unsaved work', () => {
    const work = createUnsavedWork();
    let typed = false;
    work.register(['/tools/template'], () => typed);
    work.register(['/organisation/office', 'office-form'], () => true);
    expect(work.hasUnsavedWork(['/tools/template'])).toBe(false);
    typed = true;
    expect(work.hasUnsavedWork(['/tools/template'])).toBe(true);
    expect(work.hasUnsavedWork(['/organisation/office'])).toBe(true);
    expect(work.hasUnsavedWork(['/organisation/office', 'office-form'])).toBe(true);
    expect(work.hasUnsavedWork(['/system/param'])).toBe(false);
    expect(work.hasUnsavedWork()).toBe(true);
  });

  it('forgets a form once it goes (saved, closed, unmounted)', () => {
    const work = createUnsavedWork();
    const unregister = work.register(['/tools/template'], () => true);
    unregister();
    unregister();
    expect(work.hasUnsavedWork()).toBe(false);
  });

  it('makes the browser ask before a reload only while something typed is unsaved', () => {
    const { page, listeners, reload } = fakePage();
    const work = createUnsavedWork(page);
    expect(listeners.size).toBe(0);
    let typed = false;
    const unregister = work.register(['/tools/template'], () => typed);
    expect(reload()).toBe(false);
    typed = true;
    expect(reload()).toBe(true);
    unregister();
    expect(listeners.size).toBe(0);
    expect(reload()).toBe(false);
  });

  it('has a scope hold itself and what lies below it, nothing beside it', () => {
    expect(isWithin(['a', 'b'], ['a'])).toBe(true);
    expect(isWithin(['a'], ['a'])).toBe(true);
    expect(isWithin(['a'], [])).toBe(true);
    expect(isWithin(['a'], ['a', 'b'])).toBe(false);
    expect(isWithin(['ab'], ['a'])).toBe(false);
  });
});

describe('Enter in a long form', () => {
  const input = (type: string) => ({ tagName: 'INPUT', type }) as unknown as EventTarget;

  it('never submits from a one-line field, a date or a select\'s search box', () => {
    for (const type of ['text', 'search', 'tel', 'email', 'number', 'password']) expect(isImplicitSubmit({ key: 'Enter', target: input(type) })).toBe(true);
  });

  it('leaves other keys, a text area, a button and an input method composing to themselves', () => {
    expect(isImplicitSubmit({ key: 'a', target: input('text') })).toBe(false);
    expect(isImplicitSubmit({ key: 'Enter', target: input('text'), isComposing: true })).toBe(false);
    expect(isImplicitSubmit({ key: 'Enter', target: { tagName: 'TEXTAREA' } as unknown as EventTarget })).toBe(false);
    expect(isImplicitSubmit({ key: 'Enter', target: { tagName: 'BUTTON', type: 'submit' } as unknown as EventTarget })).toBe(false);
    expect(isImplicitSubmit({ key: 'Enter', target: input('submit') })).toBe(false);
    expect(isImplicitSubmit({ key: 'Enter', target: input('checkbox') })).toBe(false);
    expect(isImplicitSubmit({ key: 'Enter', target: null })).toBe(false);
  });

  it('cancels only the browser\'s submission, after the field has had the key', () => {
    const preventDefault = vi.fn();
    refuseImplicitSubmit({ key: 'Enter', target: input('text'), nativeEvent: {}, preventDefault });
    expect(preventDefault).toHaveBeenCalledTimes(1);
    refuseImplicitSubmit({ key: 'Tab', target: input('text'), nativeEvent: {}, preventDefault });
    expect(preventDefault).toHaveBeenCalledTimes(1);
  });
});
