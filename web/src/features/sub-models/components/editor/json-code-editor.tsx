import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface JsonCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  /** The accessible name of the editing area. */
  label: string;
  /** Ids of the texts that describe the editor (its problem). */
  describedBy?: string;
}

/**
 * The raw JSON editor (spec 001 §2): CodeMirror 6 with JSON highlighting and a parse linter. Loaded
 * lazily (React.lazy) so the editor's code is fetched only when a JSON definition is opened. Tab is
 * left to the browser (indentWithTab off) so keyboard users can leave the editor.
 */
export default function JsonCodeEditor({
  value,
  onChange,
  readOnly,
  label,
  describedBy,
}: JsonCodeEditorProps) {
  const extensions = useMemo(
    () => [
      json(),
      linter(jsonParseLinter()),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
    ],
    [label, describedBy],
  );
  return (
    <CodeMirror
      value={value}
      height="28rem"
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      indentWithTab={false}
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly }}
      onChange={onChange}
    />
  );
}
