import { MESSAGES } from '@shared/messages';
import { EXPERTISE_LEVELS } from '@shared/schemas/model-api';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useId, useState } from 'react';
import {
  expertiseQuery,
  subModelsOfTypeQuery,
  type UserExpertise,
  useSetExpertise,
} from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { notify } from '../../../../lib/message-stack';

export const DEFAULT_EXPERTISE_LEVEL = 500;

/** A sub-model as the access tables show it (000 §3). */
interface SubModelRow {
  id: string;
  name: string;
  createdBy: string;
  createdOn: string;
}

/** The entry's sub-models of a section as rows, by name; none while loading or when the list fails. */
function useSubModelRows(modelUuid: string, type: 'calibration' | 'scenario'): SubModelRow[] {
  const { data } = useQuery(subModelsOfTypeQuery(modelUuid, type));
  return (
    (data?.items ?? [])
      // A name where the server kept one (issue 21 §26), else the id of older sub-models.
      .map((s) => ({
        id: s.id,
        name: s.name,
        createdBy: s.createdByName ?? s.createdBy,
        createdOn: s.createdOn.slice(0, 10),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
  );
}

function SubModelTable({
  title,
  rows,
  selected,
  onSelect,
}: {
  title: string;
  rows: SubModelRow[];
  selected: string[];
  onSelect: (ids: string[]) => void;
}) {
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      <DataTable
        value={rows}
        dataKey="id"
        size="small"
        selectionMode="checkbox"
        selection={rows.filter((r) => selected.includes(r.id))}
        onSelectionChange={(e) => onSelect((e.value as SubModelRow[]).map((r) => r.id))}
        emptyMessage={MESSAGES.noSubModelFound}
        sortField="name"
        sortOrder={1}
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
        <Column field="name" header="Name" sortable />
        <Column field="createdBy" header="Created By" />
        <Column field="createdOn" header="Created On" />
      </DataTable>
    </section>
  );
}

/** The selection after one table changed: its rows' ids replaced, the other table's kept. */
export function replaceIds(
  all: readonly string[],
  rows: readonly SubModelRow[],
  ids: readonly string[],
): string[] {
  const own = new Set(rows.map((r) => r.id));
  return [...all.filter((id) => !own.has(id)), ...ids];
}

/** 'User Settings' of one user on a WebModel 2.0 model: expertise level and sub-model access. */
export function UserSettingsDialog({
  modelUuid,
  userId,
  userName,
  onHide,
}: {
  modelUuid: string;
  userId: string;
  userName: string;
  onHide: () => void;
}) {
  const query = useQuery({ ...expertiseQuery(modelUuid, userId), retry: false });
  const [level, setLevel] = useState<UserExpertise['expertiseTypeLevel']>(DEFAULT_EXPERTISE_LEVEL);
  const [subModels, setSubModels] = useState<string[]>([]);
  const mutation = useSetExpertise(modelUuid);
  const saving = mutation.isPending;
  const levelId = useId();
  const calibrationRows = useSubModelRows(modelUuid, 'calibration');
  const scenarioRows = useSubModelRows(modelUuid, 'scenario');

  useEffect(() => {
    if (query.data) {
      setLevel(query.data.expertiseTypeLevel);
      setSubModels(query.data.subModelIdList);
    }
  }, [query.data]);

  const save = async () => {
    try {
      await mutation.mutateAsync({ userId, expertiseTypeLevel: level, subModelIdList: subModels });
      notify.success(MESSAGES.userSettingUpdated);
      onHide();
    } catch {
      // The API client has shown the error.
    }
  };

  return (
    <ActionDialog
      header={`User Settings: ${userName}`}
      width="56rem"
      onHide={onHide}
      draggable
      confirmLabel="Update Settings"
      confirmIcon="pi pi-check"
      busy={saving}
      onConfirm={() => void save()}
    >
      <div className="mr-field">
        <label htmlFor={levelId}>Expertise level</label>
        <Dropdown
          inputId={levelId}
          value={level}
          options={EXPERTISE_LEVELS.map((l) => ({ label: l.label, value: l.level }))}
          onChange={(e) => setLevel(e.value)}
        />
      </div>
      {/* One list of ids for both tables (subModelIdList); each table changes its own rows' ids only
          (a functional update: the table may call back with a handler from an earlier render). */}
      <SubModelTable
        title="Calibration Management"
        rows={calibrationRows}
        selected={subModels}
        onSelect={(ids) => setSubModels((current) => replaceIds(current, calibrationRows, ids))}
      />
      <SubModelTable
        title="Scenario Management"
        rows={scenarioRows}
        selected={subModels}
        onSelect={(ids) => setSubModels((current) => replaceIds(current, scenarioRows, ids))}
      />
    </ActionDialog>
  );
}
