/**
 * Asked before the console starts when a workbench link would sign someone in
 * (providers/handoff.ts): "sign in as …?" when nobody is signed in here, "switch to …?" when
 * another user is. Plain markup styled from index.html like BootSpinner: the entry chunk (and with
 * it the login page) carries no dialog library for it.
 */
import { useEffect, useRef } from 'react';
import type { UserInfo } from '../../contract/session';
import type { HandoffQuestion } from '../../providers/handoff';
import { translate } from '../i18n';

interface Props {
  question: HandoffQuestion;
  onAnswer(shouldSignIn: boolean): void;
}

function nameOf(user: UserInfo): string {
  if (!user.name) return translate('handoff.someone');
  return user.code ? `${user.name} (${user.code})` : user.name;
}

/** The title, the question and the two answers (keep, adopt) of a question. */
function texts(question: HandoffQuestion): { title: string; text: string; keep: string; adopt: string } {
  const next = nameOf(question.next);
  if (question.kind === 'signIn') {
    return {
      title: translate('handoff.signIn.title', { next }),
      text: translate('handoff.signIn.question', { next }),
      keep: translate('handoff.signIn.cancel'),
      adopt: translate('handoff.signIn.accept'),
    };
  }
  const names = { current: nameOf(question.current), next };
  return {
    title: translate('handoff.title'),
    text: translate('handoff.question', names),
    keep: translate('handoff.stay', names),
    adopt: translate('handoff.switch', names),
  };
}

export function HandoffPrompt({ question, onAnswer }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  // Not signing in is the safe answer: it has the focus, so Enter keeps things as they are.
  useEffect(() => keep.current?.focus(), []);
  const { title, text, keep: keepLabel, adopt } = texts(question);
  return (
    <div className="console-boot">
      <div className="console-boot__prompt" role="alertdialog" aria-modal="true" aria-labelledby="handoff-title" aria-describedby="handoff-question">
        <h1 id="handoff-title" className="console-boot__title">
          {title}
        </h1>
        <p id="handoff-question">{text}</p>
        <div className="console-boot__actions">
          <button ref={keep} type="button" className="console-boot__button" onClick={() => onAnswer(false)}>
            {keepLabel}
          </button>
          <button type="button" className="console-boot__button console-boot__button--primary" onClick={() => onAnswer(true)}>
            {adopt}
          </button>
        </div>
      </div>
    </div>
  );
}
