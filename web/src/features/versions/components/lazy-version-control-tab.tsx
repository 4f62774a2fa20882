import type { ModelDetail, ModelPermissions } from '@shared/schemas/model-api';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';

// React Flow, dagre and the CodeMirror merge view are fetched when the tab is first opened, not with
// the detail page that most visits never leave for the Version Control tab.
const Tab = lazy(() => import('./version-control-tab').then((m) => ({ default: m.VersionControlTab })));

/** The Version Control tab, loaded on first use. */
export function LazyVersionControlTab(props: { model: ModelDetail; permissions: ModelPermissions }) {
  return (
    <Suspense fallback={<Spinner label="Loading version control" />}>
      <Tab {...props} />
    </Suspense>
  );
}
