/**
 * A dialog's grant preview (POST /grantPreview): asks it for a change, keeps the answer, and gives
 * the save the previewed `grantsVersion`. A save refused because grants changed since (1011 with
 * grantPreviewMessages.changedSincePreview) previews again and says why, for the user to look
 * before saving once more.
 */
import { useCustomMutation, useTranslate, type HttpError } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { grantPreviewMessages, PREVIEW_VERSION_PARAM, type GrantChange, type GrantPreview } from '../../contract/grantPreview';
import { callUrl, ROLE_CALLS } from '../../contract/paths';
import { useLocale } from '../../providers/locale';
import { isChangedSincePreview } from './changedSincePreview';

export const GRANT_PREVIEW_URL = callUrl(ROLE_CALLS.preview);

export { isChangedSincePreview };

export function useGrantPreview() {
  const t = useTranslate();
  const locale = useLocale();
  const { mutateAsync, mutation } = useCustomMutation<GrantPreview, HttpError, GrantChange>();
  const [preview, setPreview] = useState<GrantPreview>();
  const [notice, setNotice] = useState<string>();

  /** Previews the change; undefined when refused (the server's message is shown, or given to `onRefused`). */
  const run = useCallback(
    async (change: GrantChange, onRefused?: (failure: unknown) => void): Promise<GrantPreview | undefined> => {
      try {
        const answer = await mutateAsync({
          url: GRANT_PREVIEW_URL,
          method: 'post',
          values: change,
          successNotification: false,
          errorNotification: onRefused ? false : (failure) => ({ message: failure?.message || t('notifications.error'), type: 'error' }),
        });
        setPreview(answer.data);
        return answer.data;
      } catch (failure) {
        setPreview(undefined);
        onRefused?.(failure);
        return undefined;
      }
    },
    [mutateAsync, t],
  );

  const clear = useCallback(() => {
    setPreview(undefined);
    setNotice(undefined);
  }, []);

  /** A refused save: when grants changed since the preview, previews again with the reason; answers whether it was that. */
  const onSaveRefused = useCallback(
    async (failure: unknown, change: GrantChange): Promise<boolean> => {
      if (!isChangedSincePreview(failure)) return false;
      setNotice(grantPreviewMessages.changedSincePreview[locale]);
      await run(change);
      return true;
    },
    [locale, run],
  );

  /** The save's parameter carrying the previewed version (nothing before a preview). */
  const versionParam = preview ? { [PREVIEW_VERSION_PARAM]: preview.grantsVersion } : {};
  return { preview, notice, isPreviewing: mutation.isPending, run, clear, onSaveRefused, versionParam };
}
