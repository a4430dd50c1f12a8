/** The preview panel, loaded when a dialog first shows a preview: the list screens do not carry it. */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { GrantPreviewPanelProps } from './GrantPreviewPanel';

const Panel = lazy(() => import('./GrantPreviewPanel'));

export function LazyGrantPreviewPanel(props: GrantPreviewPanelProps) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <Panel {...props} />
    </Suspense>
  );
}
