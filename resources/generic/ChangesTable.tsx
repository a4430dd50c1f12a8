import { useTranslate } from '@refinedev/core';
import { text } from '../../contract/i18n';
import { labelled, type Change } from './changes';
import { useStoredNames } from './useStoredNames';

// Kept here, not in the console's dictionaries: only the show view, loaded on demand, needs them.
const HEADINGS = { field: text('字段', 'Field'), before: text('变更前', 'Before'), after: text('变更后', 'After') };

/** Each changed field before → after, in a show view (its own chunk with the show view), labelled by `table`'s names. */
export function ChangesTable({ changes: stored, table, locale }: { changes: Change[]; table?: string; locale: 'zh-CN' | 'en-US' }) {
  const t = useTranslate();
  const names = useStoredNames();
  const changes = names ? labelled(stored, table, locale, names.columnLabel, names.columnValue) : stored;
  const empty = <span className="generic-empty">{t('common.empty')}</span>;
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
            <th scope="row" title={change.label === change.column ? undefined : change.column}>
              {change.label}
            </th>
            <td>{change.before === '' ? empty : change.before}</td>
            <td>{change.after === '' ? empty : change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
