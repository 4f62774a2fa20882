import { FILE_CHANGE_SUB_MODEL_TYPES } from '@shared/executions/outdate-after-file-change';
import { MESSAGES } from '@shared/messages';
import { WEBMODEL_PLATFORM } from '@shared/rules/model-roles';
import type { ModelDetail } from '@shared/schemas/model-api';
import type { SubModelView } from '@shared/schemas/sub-models-api';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { Dispatch, SetStateAction } from 'react';
import { entrySubModelsQuery, executedInstancesQuery } from '../../../../api/files';

/**
 * Editing › Files, step 2 (000 §2: "only if sub-models exist, asks which calibration or scenario
 * sub-models were affected, with select-all"; 001 §4 'Outdated'): after a file change on an
 * unpublished entry, the executed instances of the chosen sub-models are marked outdated.
 *
 * Step 2 exists only for a DRAFT WebModel 2.0 entry (the only platform with sub-models). A published
 * entry skips it: the spec outdates instances of unpublished models only (the server refuses with
 * 409), and a published entry's files change under the published-entry rules anyway.
 */

/** A calibration or scenario sub-model step 2 offers. */
export interface OutdateCandidate {
  id: string;
  name: string;
  type: 'calibration' | 'scenario';
  executionModels: readonly string[];
}

const TYPE_LABELS: Record<OutdateCandidate['type'], string> = {
  calibration: 'Calibration',
  scenario: 'Scenario',
};

const isCandidate = (s: SubModelView): s is SubModelView & { type: OutdateCandidate['type'] } =>
  (FILE_CHANGE_SUB_MODEL_TYPES as readonly string[]).includes(s.type);

/** Whether outdating applies to the entry at all: unpublished, and a platform with sub-models. */
export const outdatingApplies = (model: ModelDetail) =>
  model.status === 'DRAFT' && model.metadata.platform === WEBMODEL_PLATFORM;

/** Calibration before scenario (the spec's order), then by name. */
const byTypeThenName = (a: OutdateCandidate, b: OutdateCandidate) =>
  a.type === b.type
    ? a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })
    : a.type === 'calibration'
      ? -1
      : 1;

/**
 * The sub-models step 2 offers: loaded once the dialog opens, for entries where outdating applies.
 * `failed`: the list could not be loaded (the dialog then saves without step 2 and says so).
 */
export function useOutdateCandidates(model: ModelDetail) {
  const applies = outdatingApplies(model);
  const query = useQuery({ ...entrySubModelsQuery(model.uuid), enabled: applies });
  const candidates: OutdateCandidate[] = (query.data?.items ?? [])
    .filter(isCandidate)
    .map((s) => ({ id: s.id, name: s.name, type: s.type, executionModels: s.executionModels }))
    .sort(byTypeThenName);
  return {
    candidates,
    loading: applies && query.isPending,
    failed: applies && query.isError,
  };
}

/** The sub-models that execute a file the save changes or deletes: step 2 starts with these ticked. */
export function preselectedIds(
  candidates: readonly OutdateCandidate[],
  changed: ReadonlySet<string>,
): string[] {
  return candidates.filter((c) => c.executionModels.some((id) => changed.has(id))).map((c) => c.id);
}

interface AffectedSubModelsProps {
  modelUuid: string;
  candidates: readonly OutdateCandidate[];
  /** Uuids of the stored files the save changes or deletes (changedFileUuids). */
  changed: ReadonlySet<string>;
  selected: readonly string[];
  /** A state setter: the memoized cells call it with an update of the latest selection. */
  onSelect: Dispatch<SetStateAction<string[]>>;
  disabled: boolean;
}

interface Row extends OutdateCandidate {
  checked: boolean;
  disabled: boolean;
  filesChanged: 'Yes' | 'No';
  executed: number | string;
}

/** Step 2's content: one table of calibration and scenario sub-models with a type column. */
export function AffectedSubModels({
  modelUuid,
  candidates,
  changed,
  selected,
  onSelect,
  disabled,
}: AffectedSubModelsProps) {
  const counts = useQueries({
    queries: candidates.map((c) => executedInstancesQuery(modelUuid, c.id)),
  });
  // DataTable memoizes its cells by row data: whatever a cell shows must be in its row.
  const rows: Row[] = candidates.map((c, i) => {
    const count = counts[i];
    return {
      ...c,
      checked: selected.includes(c.id),
      disabled,
      filesChanged: c.executionModels.some((id) => changed.has(id)) ? 'Yes' : 'No',
      executed: count?.data ?? (count?.isError ? 'Unknown' : 'Loading…'),
    };
  });
  const allSelected = rows.length > 0 && rows.every((r) => r.checked);
  const toggle = (id: string, on: boolean) =>
    onSelect((current) => (on ? [...new Set([...current, id])] : current.filter((s) => s !== id)));

  return (
    <section aria-labelledby="mr-affected-sub-models">
      <h3 id="mr-affected-sub-models" className="mr-files-dialog__step-title">
        Which calibration or scenario sub-models were affected?
      </h3>
      <p>
        The executed instances of the selected sub-models are marked outdated when the files are saved: their
        results came from the files as they were. Sub-models that run a changed or deleted file are selected.
      </p>
      <DataTable
        value={rows}
        dataKey="id"
        size="small"
        emptyMessage={MESSAGES.noSubModelFound}
        pt={{ table: { 'aria-label': 'Affected sub-models' } }}
      >
        <Column
          header={
            <Checkbox
              checked={allSelected}
              aria-label="Select All"
              disabled={disabled}
              onChange={(e) => onSelect(e.checked ? candidates.map((c) => c.id) : [])}
            />
          }
          body={(r: Row) => (
            <Checkbox
              checked={r.checked}
              aria-label={`Select ${r.name}`}
              disabled={r.disabled}
              onChange={(e) => toggle(r.id, Boolean(e.checked))}
            />
          )}
          style={{ width: '3rem' }}
        />
        <Column field="name" header="Name" />
        <Column header="Type" body={(r: Row) => TYPE_LABELS[r.type]} />
        <Column field="filesChanged" header="Execution files changed" />
        <Column field="executed" header="Executed instances" />
      </DataTable>
    </section>
  );
}
