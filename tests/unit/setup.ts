import '@testing-library/jest-dom/vitest';
// The providers translate through the dictionaries the app installs when src/i18n loads.
import '../../src/i18n';
import { afterAll, afterEach } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import message from 'antd/es/message';
import notification from 'antd/es/notification';

afterEach(() => cleanup());

// antd's static toasts live in a root of their own, which cleanup() leaves. React runs a commit's
// passive effects on a later turn (setImmediate), reading `window`: work of that root still queued
// when the file's window goes throws "window is not defined" in the next file's time. The toasts
// go inside act, then one turn lets anything React queued before run while the window is there.
afterAll(async () => {
  await act(async () => {
    message.destroy();
    notification.destroy();
  });
  await new Promise((resolve) => setImmediate(resolve));
});

/** Whether a media query's min-/max-width conditions hold at jsdom's window width (1024 px unless a test resizes it). */
function widthMatches(query: string): boolean {
  const width = window.innerWidth;
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

// antd reads matchMedia, which jsdom lacks: answer width queries as a desktop browser would.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: widthMatches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom computes a style by matching every rule antd injected (100–200 ms a call on this machine),
// and antd and the role queries ask often: each popup measures its scrolling ancestors, each form
// error its item's margin, each accessible-name lookup every ancestor. What these tests check
// depends on inline styles only (antd hides with inline display: none), so that is what answers;
// pseudo-elements (antd's scroll lock asks for ::-webkit-scrollbar) get the element's own.
window.getComputedStyle = (element: Element) => (element as HTMLElement).style ?? ({} as CSSStyleDeclaration);
