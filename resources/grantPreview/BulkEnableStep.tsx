/**
 * The save step of several roles switched at once (the role list's bulk switch, its definition's
 * `saveStep`): who gains and who loses what, each holder counted once however many of the roles
 * they hold; the bulk save then carries the previewed grants version.
 */
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { grantPreviewMessages, PREVIEW_VERSION_PARAM } from '../../contract/grantPreview';
import { useLocale } from '../../providers/locale';
import type { BulkSaveStepProps } from '../saveStepProps';
import GrantPreviewPanel from './GrantPreviewPanel';
import { useGrantPreview } from './useGrantPreview';

export default function BulkEnableStep({ ids, values, refusal, onReady, onRefused }: BulkSaveStepProps) {
  const locale = useLocale();
  const previewer = useGrantPreview();
  const asked = useRef(false);
  const isEnable = values.isEnable === '1' ? '1' : '0';
  useEffect(() => {
    // Once per view: a new look is a new view (the confirmation remounts it).
    if (asked.current) return;
    asked.current = true;
    // Refused (a role the save would refuse): the confirmation lists why, as the save's refusal.
    void previewer.run({ kind: 'rolesEnable', roleIds: [...ids], isEnable }, onRefused).then((preview) => {
      if (preview) onReady({ [PREVIEW_VERSION_PARAM]: preview.grantsVersion });
    });
  }, [previewer, ids, isEnable, onReady, onRefused]);
  if (!previewer.preview) return previewer.isPreviewing ? <Spin size="small" /> : null;
  return <GrantPreviewPanel preview={previewer.preview} notice={refusal ? grantPreviewMessages.changedSincePreview[locale] : undefined} />;
}
