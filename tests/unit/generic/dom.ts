/**
 * Fast DOM lookups for antd screens: role queries compute accessible names over the whole
 * document and take seconds each in jsdom, these read attributes and text directly.
 */
import { waitFor } from '@testing-library/react';

const slow = { timeout: 10000 };
const compact = (text: string | null) => (text ?? '').replace(/\s+/g, '');

/** Buttons whose text (spaces ignored: antd spaces two-character labels) or aria-label is `name`. */
export function buttons(name: string, container: ParentNode = document): HTMLButtonElement[] {
  return [...container.querySelectorAll('button')].filter((b) => b.getAttribute('aria-label') === name || compact(b.textContent) === compact(name));
}

export function button(name: string, container: ParentNode = document): HTMLButtonElement {
  const [found] = buttons(name, container);
  if (!found) throw new Error(`No button "${name}"`);
  return found;
}

/** The open dialog (the last one shown), once it is there. */
export function findDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter((wrap) => wrap.style.display !== 'none');
    const dialog = open.at(-1)?.querySelector<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('No dialog open');
    return dialog;
  }, slow);
}

export function isDialogOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((wrap) => wrap.style.display !== 'none');
}
