/**
 * The save step of a role's switch (its definition's `saveStep`): who gains and who loses what if
 * the role is switched as the form says, then the save carries the previewed grants version.
 */
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { grantPreviewMessages, PREVIEW_VERSION_PARAM } from '../../contract/grantPreview';
import { useLocale } from '../../providers/locale';
import type { SaveStepProps } from '../saveStepProps';
import GrantPreviewPanel from './GrantPreviewPanel';
import { useGrantPreview } from './useGrantPreview';

export default function EnableStep({ id, values, refusal, onReady }: SaveStepProps) {
  const locale = useLocale();
  const previewer = useGrantPreview();
  const asked = useRef(false);
  const isEnable = values.isEnable === '1' ? '1' : '0';
  useEffect(() => {
    // Once per view: a new look is a new view (the form remounts it).
    if (asked.current) return;
    asked.current = true;
    void previewer.run({ kind: 'roleEnable', roleId: Number(id), isEnable }).then((preview) => {
      if (preview) onReady({ [PREVIEW_VERSION_PARAM]: preview.grantsVersion });
    });
  }, [previewer, id, isEnable, onReady]);
  if (!previewer.preview) return previewer.isPreviewing ? <Spin size="small" /> : null;
  return <GrantPreviewPanel preview={previewer.preview} notice={refusal ? grantPreviewMessages.changedSincePreview[locale] : undefined} />;
}
