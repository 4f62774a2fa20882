import { lazy, Suspense } from 'react';
import type { JsonCodeEditorProps } from './json-code-editor';

const JsonCodeEditor = lazy(() => import('./json-code-editor'));

/** The JSON editor and viewer, lazy-loaded: CodeMirror is fetched only by the screens that show JSON. */
export function JsonEditor(props: JsonCodeEditorProps) {
  return (
    <Suspense fallback={<pre className="mr-json-fallback">{props.value}</pre>}>
      <JsonCodeEditor {...props} />
    </Suspense>
  );
}
