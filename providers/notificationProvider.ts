/**
 * Refine's NotificationProvider on antd's `message`: short toasts at the top.
 * - Errors: one at a time (they share one key, a new one replaces the shown one), for 5 s,
 *   reading the server's `msg` (Refine puts it in `description`).
 * - Successes: Refine's `message` ('提交成功', '删除成功', …), 3 s.
 * - Undoable mutations ("progress"): a toast with an undo link until the timeout.
 *
 * By default antd's static `message` is used, loaded with the first toast (it stays out of the
 * entry chunk); pass the instance of `App.useApp()` to follow the app's theme
 * (`createNotificationProvider(api)`).
 */
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import type { MessageInstance } from 'antd/es/message/interface';
import { createElement } from 'react';
import { translate } from './locale';

/** Seconds an error stays (SPEC §9). */
export const ERROR_SECONDS = 5;
const SUCCESS_SECONDS = 3;
/** The one key all errors share, so only one shows at a time. */
export const ERROR_KEY = 'console-error';

type MessageApi = Pick<MessageInstance, 'open' | 'destroy'>;

let staticApi: Promise<MessageApi> | undefined;
const loadStaticMessage = () => (staticApi ??= import('antd/es/message').then((m) => m.default));

function undoContent(params: OpenNotificationParams, close: () => void) {
  return createElement(
    'span',
    null,
    params.message,
    ' ',
    createElement(
      'a',
      {
        role: 'button',
        onClick: () => {
          params.cancelMutation?.();
          close();
        },
      },
      translate('buttons.undo', undefined, 'Undo'),
    ),
  );
}

export function createNotificationProvider(api?: MessageApi): NotificationProvider {
  const withApi = (show: (api: MessageApi) => void) => {
    if (api) show(api);
    else loadStaticMessage().then(show, (error: unknown) => console.error('[notification] antd message failed to load', error));
  };
  return {
    open: (params) =>
      withApi((api) => {
        if (params.type === 'error') {
          api.open({ key: ERROR_KEY, type: 'error', content: params.description || params.message, duration: ERROR_SECONDS });
          return;
        }
        if (params.type === 'progress') {
          const key = params.key ?? 'console-progress';
          api.open({ key, type: 'info', content: undoContent(params, () => api.destroy(key)), duration: params.undoableTimeout ?? SUCCESS_SECONDS });
          return;
        }
        api.open({ key: params.key, type: 'success', content: params.message, duration: SUCCESS_SECONDS });
      }),
    close: (key) =>
      withApi((api) => {
        api.destroy(key);
        if (key.endsWith('-error')) api.destroy(ERROR_KEY);
      }),
  };
}

export const notificationProvider = createNotificationProvider();
