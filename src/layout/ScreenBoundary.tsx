import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';

/** The browser's words for a screen's code that could not be fetched (a redeploy, a dropped connection). */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed/i;

/** Whether `error` is a failed fetch of a screen's code: only loading the console again brings it. */
export function isCodeLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

function ScreenFailed({ onRetry }: { onRetry: () => void }) {
  const t = useTranslate();
  return (
    <section className="console-page console-screen-error" role="alert">
      <h2 className="console-screen-error__title">{t('shell.screenError.title')}</h2>
      <p className="console-screen-error__text">{t('shell.screenError.text')}</p>
      <Button type="primary" onClick={onRetry}>
        {t('shell.retry')}
      </Button>
    </section>
  );
}

interface State {
  failed: boolean;
  error?: unknown;
  /** Bumped by Retry: the screen mounts afresh. */
  attempt: number;
}

/**
 * One per screen (the shell puts one in each tab): a screen that throws shows a message and Retry
 * in its own tab, while the top bar, the menu and the other tabs keep working.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell] a screen failed', error, info.componentStack);
  }

  retry = (): void => {
    // React keeps a failed code fetch for the page's lifetime: only a reload fetches it again
    // (which asks first when another tab holds unsaved work).
    if (isCodeLoadFailure(this.state.error)) window.location.reload();
    else this.setState((state) => ({ failed: false, error: undefined, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.failed) return <ScreenFailed onRetry={this.retry} />;
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}
