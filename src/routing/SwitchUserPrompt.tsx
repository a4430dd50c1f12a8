/**
 * Asked before the console starts when a workbench link would sign in another user than the one
 * signed in here (providers/handoff.ts). Plain markup styled from index.html like BootSpinner:
 * the entry chunk (and with it the login page) carries no dialog library for it.
 */
import { useEffect, useRef } from 'react';
import type { UserInfo } from '../../contract/session';
import { translate } from '../i18n';

interface Props {
  current: UserInfo;
  next: UserInfo;
  onAnswer(shouldSwitch: boolean): void;
}

function nameOf(user: UserInfo): string {
  if (!user.name) return translate('handoff.someone');
  return user.code ? `${user.name} (${user.code})` : user.name;
}

export function SwitchUserPrompt({ current, next, onAnswer }: Props) {
  const stay = useRef<HTMLButtonElement>(null);
  // Staying is the safe answer: it has the focus, so Enter keeps the session.
  useEffect(() => stay.current?.focus(), []);
  const names = { current: nameOf(current), next: nameOf(next) };
  return (
    <div className="console-boot">
      <div className="console-boot__prompt" role="alertdialog" aria-modal="true" aria-labelledby="switch-user-title" aria-describedby="switch-user-question">
        <h1 id="switch-user-title" className="console-boot__title">
          {translate('handoff.title')}
        </h1>
        <p id="switch-user-question">{translate('handoff.question', names)}</p>
        <div className="console-boot__actions">
          <button ref={stay} type="button" className="console-boot__button" onClick={() => onAnswer(false)}>
            {translate('handoff.stay', names)}
          </button>
          <button type="button" className="console-boot__button console-boot__button--primary" onClick={() => onAnswer(true)}>
            {translate('handoff.switch', names)}
          </button>
        </div>
      </div>
    </div>
  );
}
