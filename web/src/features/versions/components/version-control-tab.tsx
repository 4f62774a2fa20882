import type { ModelDetail, ModelPermissions } from '@shared/schemas/model-api';
import type { LineageNode } from '@shared/schemas/versions-api';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { hierarchyQuery } from '../../../api/versions';
import { Spinner } from '../../../components/ui/spinner';
import { toggleVersion, useVersionUrlState, type VersionMode } from '../version-url-state';
import { CompareView } from './compare/compare-view';
import { HistoryView } from './history/history-view';
import { LineageTree, versionLabel } from './lineage/lineage-tree';
import './versions.css';

const MODE_LABELS: Record<VersionMode, string> = {
  lineage: 'Lineage',
  compare: 'Compare',
  history: 'History',
};

/** Why a mode cannot be chosen now, or undefined (000 §4: compare needs exactly two, history one). */
function modeBlocked(mode: VersionMode, picked: number, canSeeHistory: boolean): string | undefined {
  if (mode === 'compare' && picked !== 2)
    return 'Select exactly two versions in the lineage tree to compare them';
  if (mode === 'history' && !canSeeHistory) return 'You do not have permission to see the file history';
  if (mode === 'history' && picked < 1) return 'Select at least one version in the lineage tree';
  return undefined;
}

/**
 * The Version Control tab of the entry detail (000 §2 "Version control view", §4 "Version view
 * modes"): the lineage tree (default), the comparison of two versions and the file history of the
 * selected ones. The whole state lives in the URL (version-url-state.ts), so every view is a link.
 * `permissions` are the caller's outcomes on the entry; the server refuses what they do not allow.
 */
export function VersionControlTab({
  model,
  permissions,
}: {
  model: ModelDetail;
  permissions: ModelPermissions;
}) {
  const { state, update } = useVersionUrlState();
  const allowed = permissions.versionControl === 'allowed';
  const hierarchy = useQuery({ ...hierarchyQuery(model.uuid), enabled: allowed });
  if (!allowed) {
    return <p role="status">You do not have permission to see the versions of this model entry.</p>;
  }
  if (hierarchy.isPending) return <Spinner />;
  if (hierarchy.isError) return <p role="alert">The lineage of this model entry could not be loaded.</p>;

  const nodes = new Map(hierarchy.data.nodes.map((n) => [n.uuid, n]));
  // A link may name versions that are gone or no longer visible: those picks are dropped.
  const picked = state.selection
    .map((uuid) => nodes.get(uuid))
    .filter((n): n is LineageNode => !!n && !n.restricted);
  // 000 §6: See History needs one permission more than the tab (shared/rules/model-permissions.ts).
  const canSeeHistory = permissions.seeHistory === 'allowed';
  const mode = modeBlocked(state.mode, picked.length, canSeeHistory) ? 'lineage' : state.mode;
  const toggle = (uuid: string) => update((s) => toggleVersion(s, uuid));
  const [first, second] = picked;

  return (
    <div className="mr-versions">
      <div className="mr-versions__bar">
        <fieldset className="mr-versions__modes" aria-label="Version view">
          {(['lineage', 'compare', 'history'] as const).map((m) => {
            const blocked = modeBlocked(m, picked.length, canSeeHistory);
            if (m === 'history' && !canSeeHistory) return null;
            return (
              <span key={m} title={blocked}>
                <Button
                  label={MODE_LABELS[m]}
                  size="small"
                  outlined={mode !== m}
                  aria-pressed={mode === m}
                  disabled={!!blocked}
                  onClick={() => update((s) => ({ ...s, mode: m }))}
                />
              </span>
            );
          })}
        </fieldset>
        <p className="mr-versions__picked" aria-live="polite">
          {picked.length === 0
            ? 'Select versions in the lineage tree: two to compare, one or more for their history.'
            : `Selected: ${picked.map((n, i) => `${i === 0 ? 'A' : 'B'} ${versionLabel(n)}`).join('; ')}`}
        </p>
        {picked.length > 0 && (
          <Button
            label="Clear selection"
            size="small"
            text
            onClick={() => update((s) => ({ ...s, selection: [], mode: 'lineage', file: undefined }))}
          />
        )}
      </div>
      {mode === 'lineage' && (
        <LineageTree hierarchy={hierarchy.data} selection={picked.map((n) => n.uuid)} onToggle={toggle} />
      )}
      {mode === 'compare' && first && second && (
        <CompareView
          before={first}
          after={second}
          state={state}
          update={update}
          legalNotices={{ [model.uuid]: model.metadata.legal_notice }}
        />
      )}
      {mode === 'history' && <HistoryView versions={picked} />}
    </div>
  );
}
