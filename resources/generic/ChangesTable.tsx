import { useTranslate } from '@refinedev/core';
import { text } from '../../contract/i18n';
import { officeEntity } from '../../contract/entities/office';
import { directoryEntity } from '../../contract/entities/menu';
import { staffEntity } from '../../contract/entities/staff';
import type { Fields } from '../../contract/fields';
import { camelCase, type Change } from './changes';

/** Labels of the bespoke screens' tables (declared resources' labels come with the list cell). */
const BESPOKE: Readonly<Record<string, Fields>> = { user: staffEntity.fields, office: officeEntity.fields, permission: directoryEntity.fields };

// Kept here, not in the console's dictionaries: only the show view, loaded on demand, needs them.
const HEADINGS = { field: text('字段', 'Field'), before: text('变更前', 'Before'), after: text('变更后', 'After') };

/** Each changed field before → after, in a show view (its own chunk with the show view). */
export function ChangesTable({ changes, table, locale }: { changes: Change[]; table: unknown; locale: 'zh-CN' | 'en-US' }) {
  const t = useTranslate();
  const empty = <span className="generic-empty">{t('common.empty')}</span>;
  const fields = typeof table === 'string' ? BESPOKE[table] : undefined;
  return (
    <table className="generic-changes">
      <thead>
        <tr>
          <th>{HEADINGS.field[locale]}</th>
          <th>{HEADINGS.before[locale]}</th>
          <th>{HEADINGS.after[locale]}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.column}>
            <th scope="row">{fields?.[camelCase(change.column)]?.label[locale] ?? change.label}</th>
            <td>{change.before === '' ? empty : change.before}</td>
            <td>{change.after === '' ? empty : change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
