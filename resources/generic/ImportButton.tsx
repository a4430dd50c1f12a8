/**
 * The import button of a list's toolbar: opens the import dialog (./ImportDialog.tsx), which loads
 * on first use with what it needs (the file picker, the report table); pointing at the button
 * starts the download.
 */
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { IMPORT_PATH, IMPORT_TEMPLATE_PATH } from '../../contract/importFile';
import type { ImportCalls } from './importRequest';

/** A declared list's import and template calls (`<endpoint>/import`, `<endpoint>/importTemplate`). */
export function importCallsOf(endpoint: string): ImportCalls {
  return { import: `${endpoint}/${IMPORT_PATH}`, template: `${endpoint}/${IMPORT_TEMPLATE_PATH}` };
}

const loadDialog = () => import('./ImportDialog');
const ImportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ImportDialog })));
const prefetch = () => void loadDialog();

interface Props {
  /** The list's import and template calls. */
  calls: ImportCalls;
  /** The list's title, named in the dialog's. */
  title: string;
  /** Called once rows were written (the list reloads). */
  onImported: () => void;
}

export function ImportButton({ calls, title, onImported }: Props) {
  const t = useTranslate();
  const [dialog, setDialog] = useState<{ open: boolean }>();
  return (
    <>
      <Button icon={<UploadOutlined />} onMouseEnter={prefetch} onFocus={prefetch} onClick={() => setDialog({ open: true })}>
        {t('import.button')}
      </Button>
      <Suspense fallback={null}>
        {dialog ? (
          <ImportDialog
            calls={calls}
            title={title}
            open={dialog.open}
            onImported={onImported}
            onClose={() => setDialog((current) => current && { open: false })}
            afterClose={() => setDialog(undefined)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
