import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

// antd reads matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
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
