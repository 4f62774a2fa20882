import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface JsonCodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
  height?: string;
}

/**
 * A JSON editor (CodeMirror 6: highlighting, bracket matching, and parse errors marked as you type) or,
 * read-only, a JSON viewer. Loaded on demand (json-editor.tsx), so its code is not in the main bundle.
 */
export default function JsonCodeEditor({
  value,
  onChange,
  label,
  readOnly,
  height = '24rem',
}: JsonCodeEditorProps) {
  const extensions = useMemo(
    () => [
      json(),
      ...(readOnly ? [] : [linter(jsonParseLinter()), lintGutter()]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      }),
    ],
    [label, readOnly],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      editable={!readOnly}
      readOnly={readOnly}
      height={height}
      basicSetup={{ foldGutter: !readOnly, highlightActiveLine: !readOnly }}
      className="mr-json-editor"
    />
  );
}
