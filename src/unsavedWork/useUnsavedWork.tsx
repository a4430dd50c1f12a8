/**
 * The React side of the unsaved-work guard (./unsavedWork.ts): a form registers while it is shown,
 * and whatever is about to throw work away asks '放弃修改？' first.
 *
 * - `useUnsavedWork(isDirty, active)`: a form (page or dialog) records itself while `active`.
 *   That alone makes closing its tab, logging out and reloading the page ask first.
 * - `useLeaveGuard()`: `leave(then)` runs `then` at once when nothing in this scope was typed,
 *   else after the user agrees to discard it (a page switching its form for another node). The
 *   question is the console's one (src/routing/LeaveQuestion.tsx), loaded when first asked.
 * - `UnsavedWorkScope`: the shell opens one per tab; a page may open narrower ones.
 * - A dialog not built on FormDialog adopts all of it with ./useGuardedDialog.tsx.
 */
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { translate } from '../i18n';
import { unsavedWork, type DirtyCheck, type ScopePath } from './unsavedWork';

const ScopeContext = createContext<ScopePath>([]);

/** Everything registered below belongs to the scope `name` (within the enclosing one). */
export function UnsavedWorkScope({ name, children }: { name: string; children: ReactNode }) {
  const parent = useContext(ScopeContext);
  const path = useMemo(() => [...parent, name], [parent, name]);
  return <ScopeContext.Provider value={path}>{children}</ScopeContext.Provider>;
}

/** Records a form's unsaved work while `active`; `isDirty` is asked only when a leave happens. */
export function useUnsavedWork(isDirty: DirtyCheck, active = true): void {
  const path = useContext(ScopeContext);
  const latest = useRef(isDirty);
  latest.current = isDirty;
  useEffect(() => (active ? unsavedWork.register(path, () => latest.current()) : undefined), [path, active]);
}

/** How the '放弃修改？' question is shown: ./DiscardQuestion.tsx, loaded at once or lazily. */
export type DiscardQuestionComponent = ComponentType<{ open: boolean; onAnswer: (discard: boolean) => void }>;

/**
 * The '放弃修改？' question shown by `Question`: `ask()` resolves true when the user chooses to
 * discard; Esc, the close icon and 继续编辑 keep the edits. `holder` must be rendered.
 */
export function useDiscardQuestion(Question: DiscardQuestionComponent): { ask: () => Promise<boolean>; holder: ReactElement | null } {
  const [question, setQuestion] = useState<{ answer?: (discard: boolean) => void }>();
  const pending = useRef<Promise<boolean> | undefined>(undefined);
  const ask = useCallback(() => {
    // A second leave while the question is open waits for the same answer.
    pending.current ??= new Promise<boolean>((resolve) => setQuestion({ answer: resolve })).finally(() => {
      pending.current = undefined;
    });
    return pending.current;
  }, []);
  const answer = question?.answer;
  const holder = question ? (
    <Suspense fallback={null}>
      <Question
        open={!!answer}
        onAnswer={(discard) => {
          // Stays mounted (closed) so the dialog can animate out.
          setQuestion({});
          answer?.(discard);
        }}
      />
    </Suspense>
  ) : null;
  return { ask, holder };
}

/**
 * The console's one '放弃修改？' question for leaves that are not a dialog's (src/App.tsx hosts
 * it). Outside the console (a screen rendered on its own) the browser's own confirm asks.
 */
export const LeaveQuestionContext = createContext<() => Promise<boolean>>(() => Promise.resolve(window.confirm(translate('dialog.discard.title'))));

/**
 * `leave(then, scope?)`: runs `then` when nothing in this scope (or its child `scope`, or any of
 * several: asked once for all) holds unsaved work, else once the user agrees to discard it;
 * resolves whether it ran.
 */
export function useLeaveGuard(): (then: () => void, scope?: string | readonly string[]) => Promise<boolean> {
  const path = useContext(ScopeContext);
  const ask = useContext(LeaveQuestionContext);
  return useCallback(
    async (then: () => void, scope?: string | readonly string[]) => {
      const scopes = scope === undefined ? [path] : (typeof scope === 'string' ? [scope] : scope).map((child) => [...path, child]);
      if (scopes.some((within) => unsavedWork.hasUnsavedWork(within)) && !(await ask())) return false;
      then();
      return true;
    },
    [path, ask],
  );
}
