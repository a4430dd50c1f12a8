/**
 * What loads with the shell of the command palette: the top bar's search button and the Ctrl+K /
 * ⌘K shortcut. The palette itself (and pinyin-pro with it) is a chunk of its own, fetched when the
 * button is pointed at or focused, or on first use.
 */
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslate } from '@refinedev/core';
import { Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BootSpinner } from '../routing/BootSpinner';

const loadPalette = () => import('./CommandPalette');
const CommandPalette = lazy(loadPalette);
const prefetch = () => void loadPalette();

/** Ctrl+K, or ⌘K on a Mac. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/** Whether another dialog or drawer is open: the palette would hide its work (and could replace it). */
function isOtherDialogOpen(): boolean {
  const wraps = document.querySelectorAll<HTMLElement>('.ant-modal-wrap:not(.palette-wrap)');
  return [...wraps].some((wrap) => wrap.style.display !== 'none') || document.querySelector('.ant-drawer-open') !== null;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The first open fetches the palette's chunk (pinyin's dictionary with it): say so meanwhile. */
function PaletteLoading({ label }: { label: string }) {
  return (
    <div className="palette-loading">
      <BootSpinner label={label} />
    </div>
  );
}

export function PaletteLauncher() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [isWanted, setIsWanted] = useState(false);
  // Where focus was before the palette opened: it goes back there when nothing is chosen.
  const returnTo = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  openRef.current = open;

  const show = () => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setIsWanted(true);
    setOpen(true);
  };
  const dismiss = () => {
    setOpen(false);
    returnTo.current?.focus();
  };
  const showRef = useRef({ show, dismiss });
  showRef.current = { show, dismiss };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      if (openRef.current) {
        event.preventDefault();
        showRef.current.dismiss();
      } else if (!isOtherDialogOpen()) {
        event.preventDefault();
        showRef.current.show();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const label = t('palette.open');
  return (
    <>
      <Tooltip title={`${label} (${isMac ? '⌘K' : 'Ctrl+K'})`}>
        <button
          type="button"
          className="console-header__toggle console-header__search"
          aria-label={label}
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          onMouseEnter={prefetch}
          onFocus={prefetch}
          onClick={show}
        >
          <SearchOutlined />
        </button>
      </Tooltip>
      {isWanted ? (
        <Suspense fallback={open ? <PaletteLoading label={t('palette.loading')} /> : null}>
          <CommandPalette open={open} onDismiss={dismiss} onChosen={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
