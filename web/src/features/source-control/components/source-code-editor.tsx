import { json } from '@codemirror/lang-json';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface SourceCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  /** The file's path: JSON files get highlighting; other text is edited plain. */
  path: string;
}

/**
 * The editor of a file in source control (issue 18 §5): CodeMirror 6 through @uiw/react-codemirror,
 * the editor the app already ships (no R or Python language package is installed: those files are
 * edited as plain text with line numbers). Loaded lazily so that browsing never fetches it. Tab is
 * left to the browser (indentWithTab off) so that keyboard users can leave the editor; focus moves
 * into it when it opens.
 */
export default function SourceCodeEditor({ value, onChange, label, path }: SourceCodeEditorProps) {
  const extensions = useMemo(
    () => [
      ...(path.toLowerCase().endsWith('.json') ? [json()] : []),
      // tabindex: the editing area is the keyboard's way into the scrolling editor (axe's
      // scrollable-region-focusable does not count a bare contenteditable as focusable).
      EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
    ],
    [label, path],
  );
  return (
    <CodeMirror
      value={value}
      height="24rem"
      extensions={extensions}
      indentWithTab={false}
      autoFocus
      basicSetup={{ foldGutter: false }}
      onChange={onChange}
    />
  );
}
