import { useTranslate } from '@refinedev/core';
import { Alert, Button, Space } from 'antd';
import { CellContent } from './CellContent';
import type { ConflictLine } from './conflict';

interface Props {
  /** The form's fields the other person changed (./conflict.ts). */
  lines: readonly ConflictLine[];
  onKeepMine(): void;
  onTakeTheirs(): void;
  /** A save is under way: the choices wait. */
  isSaving?: boolean;
}

/**
 * Shown in an edit dialog whose save met someone else's change (1012): their value beside the
 * user's for each field they changed, and the two ways on. The typed values stay in the form.
 */
export function ConflictNotice({ lines, onKeepMine, onTakeTheirs, isSaving }: Props) {
  const t = useTranslate();
  return (
    <Alert
      type="warning"
      showIcon
      className="generic-conflict"
      role="alert"
      message={t('dialog.conflict.title')}
      description={
        <>
          {lines.length ? (
            <table className="generic-conflict__table">
              <thead>
                <tr>
                  <th scope="col">{t('dialog.conflict.field')}</th>
                  <th scope="col">{t('dialog.conflict.theirs')}</th>
                  <th scope="col">{t('dialog.conflict.mine')}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.field}>
                    <th scope="row">{line.label}</th>
                    <td>
                      <CellContent view={line.theirs} />
                    </td>
                    <td>
                      <CellContent view={line.mine} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{t('dialog.conflict.outsideForm')}</p>
          )}
          <Space>
            <Button type="primary" onClick={onKeepMine} loading={isSaving}>
              {t('dialog.conflict.keepMine')}
            </Button>
            <Button onClick={onTakeTheirs} disabled={isSaving}>
              {t('dialog.conflict.takeTheirs')}
            </Button>
          </Space>
        </>
      }
    />
  );
}
