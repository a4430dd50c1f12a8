/**
 * A code editor for template scripts: CodeMirror 6 with JavaScript highlighting, line numbers,
 * undo history and bracket matching. Loaded on its own chunk only where a script is shown.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers, placeholder as placeholderText } from '@codemirror/view';
import { useEffect, useRef } from 'react';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** Shown while empty. */
  placeholder?: string;
  /** Names the editor for assistive technology (the form item's label). */
  ariaLabel?: string;
  id?: string;
  minHeight?: number;
  /** A CSS height the editor stops growing at, scrolling within itself instead. */
  maxHeight?: string;
}

// The console's theme variables (src/theme/ThemeVariables.tsx): the editor follows light and dark.
const theme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--console-color-border)', borderRadius: '6px', backgroundColor: 'var(--console-color-bg-container)', color: 'var(--console-color-text)' },
  '&.cm-focused': { outline: 'none', borderColor: 'var(--console-color-primary-hover)', boxShadow: '0 0 0 2px var(--console-color-primary-bg)' },
  '.cm-content': { caretColor: 'var(--console-color-text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--console-color-text)' },
  '.cm-scroller': { fontFamily: 'SFMono-Regular, Consolas, "Liberation Mono", Menlo, monospace', lineHeight: '1.6' },
  '.cm-gutters': { backgroundColor: 'var(--console-color-fill-alter)', borderRight: '1px solid var(--console-color-border-secondary)', color: 'var(--console-color-text-description)' },
});

export default function CodeEditor({ value = '', onChange, readOnly = false, placeholder, ariaLabel, id, minHeight = 240, maxHeight }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  // The latest value and handler, read by the editor (made again only when its setup changes).
  const changed = useRef(onChange);
  changed.current = onChange;
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: latest.current,
        extensions: [
          lineNumbers(),
          history(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle),
          javascript(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ ...(ariaLabel ? { 'aria-label': ariaLabel } : {}), ...(id ? { id } : {}) }),
          placeholder ? placeholderText(placeholder) : [],
          theme,
          EditorView.theme({ '.cm-content, .cm-gutter': { minHeight: `${minHeight}px` } }),
          maxHeight ? EditorView.theme({ '&': { maxHeight }, '.cm-scroller': { overflow: 'auto' } }) : [],
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
  }, [readOnly, placeholder, ariaLabel, id, minHeight, maxHeight]);

  // A value set from outside (the form reset, another version shown) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} className="template-code" />;
}
