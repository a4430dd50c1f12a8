/**
 * The command palette (Ctrl+K / ⌘K, or the top bar's search button): one search box over the
 * screens the caller may open and the records of the list on the active tab. Arrow keys move,
 * Enter goes there (a screen opens or activates its tab, as the side menu does; a record opens as
 * the list's own row action would), Esc closes. Loaded on first use, with pinyin-pro.
 */
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslate } from '@refinedev/core';
import { Input, Modal, type InputRef } from 'antd';
import { useContext, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { menuIcon } from '../layout/menuIconComponents';
import { useConsoleNavigation } from '../routing/NavigationContext';
import { RecordSourcesContext, type RecordSource } from './recordSources';
import { paletteScreens } from './screens';
import { usePaletteResults, type PaletteItem } from './usePaletteResults';
import './palette.css';

export interface CommandPaletteProps {
  open: boolean;
  /** Closed without going anywhere (Esc, a click beside it): focus goes back where it was. */
  onDismiss: () => void;
  /** Closed because a screen or record was chosen. */
  onChosen: () => void;
}

/** The longest search text: longer than any title or name the lists search. */
const MAX_QUERY = 50;
const NO_SOURCES: readonly RecordSource[] = [];
const noSubscription = () => () => {};

export default function CommandPalette({ open, onDismiss, onChosen }: CommandPaletteProps) {
  const t = useTranslate();
  const navigation = useConsoleNavigation();
  const navigate = useNavigate();
  const registry = useContext(RecordSourcesContext);
  const sources = useSyncExternalStore(registry?.subscribe ?? noSubscription, registry?.current ?? (() => NO_SOURCES));
  const screens = useMemo(() => paletteScreens(navigation), [navigation]);

  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // Each opening starts afresh.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setQuery('');
      setActive(0);
    }
  }
  const { groups, isSearching } = usePaletteResults(screens, sources, query, open);
  const items = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const activeIndex = Math.min(active, items.length - 1);

  const id = useId();
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<InputRef>(null);
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    onChosen();
    if (item.kind === 'screen') navigate(item.screen.path);
    else item.record.open();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter that ends an input method's composition (typing Chinese) is not a choice.
    if (event.nativeEvent.isComposing) return;
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0 && items.length > 0) {
      event.preventDefault();
      setActive((activeIndex + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(items[activeIndex]);
    }
  };

  let index = -1;
  return (
    <Modal
      open={open}
      onCancel={onDismiss}
      title={t('palette.title')}
      footer={null}
      closable={false}
      width={600}
      style={{ top: 72 }}
      className="palette"
      wrapClassName="palette-wrap"
      classNames={{ header: 'palette__header' }}
      // Focus goes back by the launcher, only when nothing was chosen.
      focusTriggerAfterClose={false}
      afterOpenChange={(isOpen) => isOpen && inputRef.current?.focus()}
    >
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        variant="borderless"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('palette.placeholder')}
        value={query}
        maxLength={MAX_QUERY}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('palette.title')}
        aria-expanded={items.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        className="palette__input"
      />
      <div role="listbox" id={`${id}-list`} aria-label={t('palette.title')} className="palette__list">
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`}>
            <div id={`${id}-${group.key}`} role="presentation" className="palette__heading">
              {group.source ? t('palette.records', { title: group.source.title }) : t('palette.screens')}
            </div>
            {group.items.map((item) => {
              index += 1;
              const at = index;
              return (
                <div
                  key={item.key}
                  id={optionId(at)}
                  role="option"
                  aria-selected={at === activeIndex}
                  className={at === activeIndex ? 'palette__option palette__option--active' : 'palette__option'}
                  onMouseMove={() => at !== activeIndex && setActive(at)}
                  onClick={() => choose(item)}
                >
                  <ItemText item={item} locale={navigation.locale} />
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {items.length === 0 && !isSearching ? <p className="palette__empty">{t('palette.empty')}</p> : null}
      <p className="palette__status" role="status">
        {isSearching ? t('palette.searching') : ''}
      </p>
      <p className="palette__hints" aria-hidden="true">
        <span>{t('palette.hint.move')}</span>
        <span>{t('palette.hint.open')}</span>
        <span>{t('palette.hint.close')}</span>
      </p>
    </Modal>
  );
}

/** A screen: its icon, title, top-bar entry and its title in the other language; a record: its name and detail. */
function ItemText({ item, locale }: { item: PaletteItem; locale: string }) {
  if (item.kind === 'record') {
    return (
      <>
        <span className="palette__label">{item.record.label}</span>
        {item.record.detail ? <span className="palette__meta">{item.record.detail}</span> : null}
      </>
    );
  }
  const { screen } = item;
  const others = Object.entries(screen.titles).flatMap(([other, title]) => (other !== locale && title !== screen.title ? [title] : []));
  const meta = [screen.group, ...others].filter(Boolean).join(' · ');
  return (
    <>
      <span className="palette__icon" aria-hidden="true">
        {menuIcon(screen.icon)}
      </span>
      <span className="palette__label">{screen.title}</span>
      {meta ? <span className="palette__meta">{meta}</span> : null}
    </>
  );
}
