import { lazy, type ReactNode } from 'react';
import { LeaveQuestionContext, useDiscardQuestion } from '../unsavedWork/useUnsavedWork';

// Loaded when first asked: the login page and home never carry antd's Modal for it.
const DiscardQuestion = lazy(() => import('../unsavedWork/DiscardQuestion'));

/** Hosts the console's '放弃修改？' question for every leave that is not a dialog's own. */
export function LeaveQuestion({ children }: { children: ReactNode }) {
  const { ask, holder } = useDiscardQuestion(DiscardQuestion);
  return (
    <LeaveQuestionContext.Provider value={ask}>
      {children}
      {holder}
    </LeaveQuestionContext.Provider>
  );
}
