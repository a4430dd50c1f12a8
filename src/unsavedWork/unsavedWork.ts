/**
 * The console's one record of unsaved work. A form registers while it is shown (a dialog while
 * open, a page form while mounted) with a check of whether something was typed; whoever is about
 * to throw work away (closing a dialog or a tab, leaving a node of a tree, logging out, reloading
 * the page) asks here first. Plain functions, so the rule is tested without a browser; the React
 * side is ./useUnsavedWork.tsx.
 *
 * Work is registered under a scope path: the shell gives each open tab its scope (the page's
 * path), and a page may open narrower ones (a form panel), so a tab can be asked about on its own.
 */

/** Where a form sits: the tab's key first, then any narrower scopes a page opened. */
export type ScopePath = readonly string[];

/** Whether something was typed and not saved; asked only when a leave is about to happen. */
export type DirtyCheck = () => boolean;

/** The window's part this needs: the browser's leave-page question on reload or close. */
export interface LeavePageTarget {
  addEventListener(type: 'beforeunload', listener: (event: BeforeUnloadEvent) => void): void;
  removeEventListener(type: 'beforeunload', listener: (event: BeforeUnloadEvent) => void): void;
}

export interface UnsavedWork {
  /** Records a form under `path`; the returned function takes it off again. */
  register(path: ScopePath, isDirty: DirtyCheck): () => void;
  /** Whether a form under `path` (any form when empty) holds unsaved work. */
  hasUnsavedWork(path?: ScopePath): boolean;
}

/** Whether `path` lies within `scope` (a scope holds itself and everything below it). */
export function isWithin(path: ScopePath, scope: ScopePath): boolean {
  return scope.length <= path.length && scope.every((part, index) => path[index] === part);
}

/**
 * A record of unsaved work. With a `page` (the window), the browser asks its leave-page question
 * on reload or close while any registered form holds unsaved work; the listener is there only
 * while something is registered.
 */
export function createUnsavedWork(page?: LeavePageTarget): UnsavedWork {
  const entries = new Set<{ path: ScopePath; isDirty: DirtyCheck }>();
  const hasUnsavedWork = (scope: ScopePath = []) => [...entries].some((entry) => isWithin(entry.path, scope) && entry.isDirty());
  const onLeavePage = (event: BeforeUnloadEvent) => {
    if (!hasUnsavedWork()) return;
    // Both: preventDefault is the standard way, returnValue what older Chromium still reads.
    event.preventDefault();
    event.returnValue = 'unsaved';
  };
  return {
    register(path, isDirty) {
      const entry = { path, isDirty };
      if (entries.size === 0) page?.addEventListener('beforeunload', onLeavePage);
      entries.add(entry);
      return () => {
        if (!entries.delete(entry)) return;
        if (entries.size === 0) page?.removeEventListener('beforeunload', onLeavePage);
      };
    },
    hasUnsavedWork,
  };
}

/** The console's record: every form and every leave uses this one. */
export const unsavedWork: UnsavedWork = createUnsavedWork(typeof window === 'undefined' ? undefined : window);
