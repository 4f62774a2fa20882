import { MESSAGES } from '@shared/messages';
import { allMembers, normalizeRoles } from '@shared/rules/model-roles';
import { MODEL_ROLE_LABELS, type ModelRoles } from '@shared/schemas/model';
import type { ModelDetail } from '@shared/schemas/model-api';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { modelRolesQuery, useSetModelRoles } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { RoleEditor } from '../../../../components/ui/role-editor/role-editor';
import {
  type Actor,
  missingRoles,
  type RoleFormState,
  type RoleSlot,
} from '../../../../components/ui/role-editor/role-state';
import { userLabel } from '../../../../components/ui/user-picker/search-users';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';
import { UserSettingsDialog } from './user-settings-dialog';
import './model-access.css';

const BASE_SLOTS: readonly RoleSlot[] = ['vestLead', 'steward', 'owners', 'viewers'];
const WEBMODEL_SLOTS: readonly RoleSlot[] = [
  ...BASE_SLOTS,
  'displayViewers',
  'calibrationModelers',
  'scenarioModelers',
];

/** Why 'Update Permissions' is disabled (000 §6), or undefined. */
export function updatePermissionsBlock(model: ModelDetail): string | undefined {
  if (model.pneu) return 'Permissions of PNEU-insights models cannot be changed here.';
  if (model.theorem && model.theoremFlags?.model_access !== 'true')
    return 'You have no permission to change the access of this THEOREM model.';
  if (model.permissions.manageAccess !== 'allowed')
    return 'You cannot change the access of this model entry.';
  return undefined;
}

function roleOf(roles: ModelRoles, id: string): string {
  if (roles.vestLead === id) return MODEL_ROLE_LABELS.VESTLEAD;
  if (roles.steward === id) return MODEL_ROLE_LABELS.STEWARD;
  if (roles.owners.includes(id)) return MODEL_ROLE_LABELS.OWNER;
  const modeler = [
    roles.calibrationModelers.includes(id) ? MODEL_ROLE_LABELS.CALIBRATORMODELER : undefined,
    roles.scenarioModelers.includes(id) ? MODEL_ROLE_LABELS.SCENARIOMODELER : undefined,
  ].filter(Boolean);
  if (modeler.length > 0) return modeler.join(', ');
  if (roles.viewers.includes(id)) return MODEL_ROLE_LABELS.VIEWER;
  return MODEL_ROLE_LABELS.DISPLAYVIEWER;
}

export interface ModelAccessDialogProps {
  model: ModelDetail;
  actor: Actor;
  onHide: () => void;
}

/** Model Access (000 §2, 80rem modal): every role of the entry, 'Update Permissions', 'User Settings'. */
export function ModelAccessDialog({ model, actor, onHide }: ModelAccessDialogProps) {
  const rolesQuery = useQuery(modelRolesQuery(model.uuid));
  const [state, setState] = useState<RoleFormState | undefined>();
  const [rev, setRev] = useState<number | undefined>();
  const mutation = useSetModelRoles(model.uuid);
  const saving = mutation.isPending;
  const [settingsFor, setSettingsFor] = useState<string | undefined>();
  const webModel = model.metadata.platform === 'WebModel 2.0';
  const blocked = updatePermissionsBlock(model);

  useEffect(() => {
    if (rolesQuery.data && !state) {
      setState({ roles: rolesQuery.data.roles, users: rolesQuery.data.users });
      setRev(rolesQuery.data.rev);
    }
  }, [rolesQuery.data, state]);

  const missing = state ? missingRoles(state.roles) : {};
  const canSave = Boolean(state) && !blocked && Object.keys(missing).length === 0 && !saving;

  const save = async () => {
    if (!state || rev === undefined) return;
    try {
      await mutation.mutateAsync({ roles: normalizeRoles(state.roles), rev });
      notify.success(MESSAGES.modelPermissionsUpdated);
      // Done: the dialog closes, so no search text or earlier error of the pickers outlives the
      // update; the next opening starts from the saved roles.
      onHide();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) notify.warning(MESSAGES.staleModelReload);
    }
  };

  const members = state ? [...allMembers(state.roles)] : [];

  return (
    <ActionDialog
      header="Model Access"
      width="80rem"
      onHide={onHide}
      draggable
      confirmLabel="Update Permissions"
      confirmIcon="pi pi-check"
      confirmTitle={blocked}
      confirmDisabled={!canSave}
      busy={saving}
      onConfirm={() => void save()}
    >
      <p className="mr-muted">{model.name}</p>
      {blocked && (
        <p className="mr-muted" role="note">
          {blocked}
        </p>
      )}
      {!state ? (
        <p>Loading…</p>
      ) : (
        <>
          <RoleEditor
            state={state}
            onChange={setState}
            slots={webModel ? WEBMODEL_SLOTS : BASE_SLOTS}
            actor={actor}
            {...(rolesQuery.data ? { saved: rolesQuery.data.roles } : {})}
            showErrors
            disabled={Boolean(blocked)}
          />
          {webModel && (
            <section className="mr-model-access__users" aria-label="User Settings">
              <h3>User Settings</h3>
              <table className="mr-simple-table">
                <thead>
                  <tr>
                    <th scope="col">User</th>
                    <th scope="col">Role</th>
                    <th scope="col">
                      <span className="mr-visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((id) => {
                    const user = state.users[id];
                    return (
                      <tr key={id}>
                        <td>{user ? userLabel(user) : id}</td>
                        <td>{roleOf(state.roles, id)}</td>
                        <td>
                          <Button
                            label="User Settings"
                            icon="pi pi-cog"
                            text
                            size="small"
                            aria-label={`User Settings of ${user ? userLabel(user) : id}`}
                            onClick={() => setSettingsFor(id)}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
      {settingsFor && state && (
        <UserSettingsDialog
          modelUuid={model.uuid}
          userId={settingsFor}
          userName={state.users[settingsFor] ? userLabel(state.users[settingsFor]) : settingsFor}
          onHide={() => setSettingsFor(undefined)}
        />
      )}
    </ActionDialog>
  );
}
