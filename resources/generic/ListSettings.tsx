/**
 * A list toolbar's column settings (show or hide each column, move it up or down, back to the
 * definition's default) and saved views (the current filters, sort and columns under a name;
 * pick one, delete one). Its own chunk, loaded with the first list: the list works without it.
 * What is chosen is kept on the server (./useListPreferences.ts) by the list that shows this.
 */
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import BookOutlined from '@ant-design/icons/es/icons/BookOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { useTranslate } from '@refinedev/core';
import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { PREFERENCE_LIMITS, type ColumnEntry, type SavedView } from '../../contract/preferences';
import { moveColumn } from './columnSettings';

export interface ListSettingsProps {
  /** The columns the caller's list shows, by key, with their headers. */
  titles: ReadonlyMap<string, string>;
  /** Every such column in the current order, shown or hidden. */
  entries: readonly ColumnEntry[];
  onColumns: (entries: ColumnEntry[]) => void;
  onReset: () => void;
  views: readonly SavedView[];
  onSaveView: (name: string) => void;
  onPickView: (view: SavedView) => void;
  onDeleteView: (name: string) => void;
}

function ColumnsPanel({ titles, entries, onColumns, onReset }: Pick<ListSettingsProps, 'titles' | 'entries' | 'onColumns' | 'onReset'>) {
  const t = useTranslate();
  const shown = entries.filter((entry) => !entry.hidden).length;
  return (
    <div className="list-settings__panel" role="group" aria-label={t('listSettings.columnsOf')}>
      <ul className="list-settings__list">
        {entries.map((entry, index) => {
          const label = titles.get(entry.key) ?? entry.key;
          const isLastShown = !entry.hidden && shown === 1;
          return (
            <li key={entry.key} className="list-settings__row">
              <Tooltip title={isLastShown ? t('listSettings.lastShown') : undefined}>
                <Checkbox
                  checked={!entry.hidden}
                  disabled={isLastShown}
                  onChange={(event) => onColumns(entries.map((e) => (e.key === entry.key ? { ...e, hidden: !event.target.checked } : e)))}
                >
                  {label}
                </Checkbox>
              </Tooltip>
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('listSettings.moveUp', { label })}
                  disabled={index === 0}
                  onClick={() => onColumns(moveColumn(entries, entry.key, -1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('listSettings.moveDown', { label })}
                  disabled={index === entries.length - 1}
                  onClick={() => onColumns(moveColumn(entries, entry.key, 1))}
                />
              </Space>
            </li>
          );
        })}
      </ul>
      <Button size="small" onClick={onReset}>
        {t('listSettings.reset')}
      </Button>
    </div>
  );
}

function ViewsPanel({ views, onSaveView, onPickView, onDeleteView }: Pick<ListSettingsProps, 'views' | 'onSaveView' | 'onPickView' | 'onDeleteView'>) {
  const t = useTranslate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const save = () => {
    const trimmed = name.trim();
    const isNew = !views.some((view) => view.name === trimmed);
    const problem = !trimmed
      ? t('listSettings.viewNameRequired')
      : trimmed.length > PREFERENCE_LIMITS.viewName
        ? t('listSettings.viewNameTooLong', { max: PREFERENCE_LIMITS.viewName })
        : isNew && views.length >= PREFERENCE_LIMITS.views
          ? t('listSettings.tooManyViews', { max: PREFERENCE_LIMITS.views })
          : undefined;
    setError(problem);
    if (problem) return;
    onSaveView(trimmed);
    setName('');
  };
  return (
    <div className="list-settings__panel" role="group" aria-label={t('listSettings.views')}>
      {views.length === 0 ? <p className="list-settings__empty">{t('listSettings.noViews')}</p> : null}
      <ul className="list-settings__list">
        {views.map((view) => (
          <li key={view.name} className="list-settings__row">
            <Button type="link" size="small" className="list-settings__view" aria-label={t('listSettings.pickView', { name: view.name })} onClick={() => onPickView(view)}>
              {view.name}
            </Button>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('listSettings.deleteView', { name: view.name })} onClick={() => onDeleteView(view.name)} />
          </li>
        ))}
      </ul>
      <Space.Compact className="list-settings__save">
        <Input
          value={name}
          status={error ? 'error' : undefined}
          aria-label={t('listSettings.viewName')}
          placeholder={t('listSettings.viewName')}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={save}
        />
        <Tooltip title={t('listSettings.saveHint')}>
          <Button type="primary" onClick={save}>
            {t('listSettings.saveView')}
          </Button>
        </Tooltip>
      </Space.Compact>
      {error ? (
        <p role="alert" className="list-settings__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function ListSettings(props: ListSettingsProps) {
  const t = useTranslate();
  return (
    <>
      <Popover trigger="click" placement="bottomRight" title={t('listSettings.views')} content={<ViewsPanel {...props} />}>
        <Button icon={<BookOutlined />}>{t('listSettings.views')}</Button>
      </Popover>
      <Popover trigger="click" placement="bottomRight" title={t('listSettings.columns')} content={<ColumnsPanel {...props} />}>
        <Tooltip title={t('listSettings.columns')}>
          <Button icon={<SettingOutlined />} aria-label={t('listSettings.columns')} />
        </Tooltip>
      </Popover>
    </>
  );
}
