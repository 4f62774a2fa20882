import type { GroupView } from '@shared/schemas/sub-models-api';
import {
  DELETE_GROUP_CONFIRM,
  GROUP_LABELS,
  GroupNameSchema,
  groupNameProblem,
} from '@shared/sub-models/groups';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import { FORM_MESSAGES } from '@shared/sub-models/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { ApiError } from '../../../../lib/api-client';
import { zodResolver } from '../../../../lib/zod-resolver';
import {
  apiMessage,
  createGroup,
  deleteGroup,
  instanceKeys,
  updateGroup,
  useInstanceNames,
} from '../../api/instances-api';
import { INSTANCE_DIALOG_WIDTH } from '../dialogs/instance-dialogs';
import { TextField } from '../form/form-fields';
import { groupTargetId, UNGROUPED } from './group-moves';
import { DropTarget, GroupMember, useDragged } from './instance-dnd';

const GroupFormSchema = z.object({ name: GroupNameSchema });

interface GroupDialogProps {
  uuid: string;
  subModelId: string;
  groups: readonly GroupView[];
  /** The group whose label is edited; a new group when absent. */
  group?: GroupView;
  onHide: () => void;
}

/** Create Group / Edit Group Label: name required, at most 20, unique in the sub-model in any case. */
export function GroupDialog({ uuid, subModelId, groups, group, onHide }: GroupDialogProps) {
  const queryClient = useQueryClient();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(GroupFormSchema),
    defaultValues: { name: group?.name ?? '' },
    mode: 'onTouched',
  });
  const mutation = useMutation({
    mutationFn: (name: string) =>
      group
        ? updateGroup(uuid, group.id, { name })
        : createGroup(uuid, { executionSetupId: subModelId, name, scenarioIds: [] }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: instanceKeys.groups(uuid, subModelId) });
      onHide();
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422))
        form.setError('name', {
          message:
            error.status === 409
              ? FORM_MESSAGES.notUnique(GROUP_LABELS.name)
              : (apiMessage(error) ?? FORM_MESSAGES.invalid(GROUP_LABELS.name)),
        });
    },
  });
  const save = form.handleSubmit(({ name }) => {
    const problem = groupNameProblem(name, subModelId, groups, group?.id);
    if (problem) form.setError('name', { message: problem });
    else mutation.mutate(name);
  });
  return (
    <ActionDialog
      header={group ? 'Edit Group Label' : 'Create Group'}
      width={INSTANCE_DIALOG_WIDTH}
      onHide={onHide}
      confirmLabel={group ? 'Save' : 'Create'}
      form="mr-group-form"
      busy={mutation.isPending}
    >
      <form id="mr-group-form" noValidate onSubmit={save}>
        <TextField
          label="Name *"
          autoFocus
          maxLength={SUB_MODEL_LIMITS.groupNameMax + 1}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
      </form>
    </ActionDialog>
  );
}

/** Deleting a group asks first (§2): No and Yes. Its instances stay. */
export function DeleteGroupDialog({
  uuid,
  subModelId,
  group,
  onHide,
}: {
  uuid: string;
  subModelId: string;
  group: GroupView;
  onHide: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteGroup(uuid, group.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: instanceKeys.groups(uuid, subModelId) });
      onHide();
    },
  });
  return (
    <ActionDialog
      header="Delete Group"
      width={INSTANCE_DIALOG_WIDTH}
      onHide={onHide}
      cancelLabel="No"
      confirmLabel="Yes"
      danger
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <p>{DELETE_GROUP_CONFIRM}</p>
      <p className="mr-muted">
        Group <strong>{group.name}</strong>; its instances are not deleted.
      </p>
    </ActionDialog>
  );
}

interface GroupsPanelProps {
  uuid: string;
  subModelId: string;
  groups: readonly GroupView[] | undefined;
  /** The caller may create, rename, delete and fill groups. */
  canManage: boolean;
}

type GroupDialogState = { kind: 'create' } | { kind: 'edit' | 'delete'; group: GroupView } | undefined;

/**
 * The groups of a sub-model (§2): create, edit the label, delete after confirmation; drop targets for
 * the list's rows, and their members can be dragged onto another group or out of the groups.
 */
export function GroupsPanel({ uuid, subModelId, groups, canManage }: GroupsPanelProps) {
  const [dialog, setDialog] = useState<GroupDialogState>();
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());
  const dragged = useDragged();
  const anyOpen = openGroups.size > 0;
  const names = useInstanceNames(uuid, subModelId, anyOpen);
  const list = groups ?? [];
  const toggle = (id: string) =>
    setOpenGroups((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="mr-groups" aria-labelledby="mr-groups-title">
      <div className="mr-groups__header">
        <h3 id="mr-groups-title" className="mr-groups__title">
          Groups
        </h3>
        {canManage && (
          <Button
            type="button"
            label="Create Group"
            icon="pi pi-plus"
            size="small"
            outlined
            onClick={() => setDialog({ kind: 'create' })}
          />
        )}
      </div>
      {list.length === 0 ? (
        <p className="mr-muted">
          No groups yet.{canManage ? ' Create a group, then drag instances of the list into it.' : ''}
        </p>
      ) : (
        <ul className="mr-groups__list">
          {list.map((group) => {
            const open = openGroups.has(group.id);
            const count = group.scenarioIds.length;
            return (
              <li key={group.id}>
                <DropTarget id={groupTargetId(group.id)} label={`group ${group.name}`} className="mr-group">
                  <div className="mr-group__row">
                    <Button
                      type="button"
                      text
                      size="small"
                      className="mr-group__toggle"
                      icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
                      label={`${group.name} (${count})`}
                      aria-expanded={open}
                      aria-label={`${group.name}, ${count} ${count === 1 ? 'instance' : 'instances'}`}
                      onClick={() => toggle(group.id)}
                    />
                    {canManage && (
                      <>
                        <Button
                          type="button"
                          icon="pi pi-pencil"
                          text
                          rounded
                          size="small"
                          aria-label={`Edit Group Label of ${group.name}`}
                          onClick={() => setDialog({ kind: 'edit', group })}
                        />
                        <Button
                          type="button"
                          icon="pi pi-trash"
                          text
                          rounded
                          size="small"
                          severity="danger"
                          aria-label={`Delete group ${group.name}`}
                          onClick={() => setDialog({ kind: 'delete', group })}
                        />
                      </>
                    )}
                  </div>
                  {open && (
                    <ul className="mr-group__members" aria-label={`Instances of ${group.name}`}>
                      {count === 0 && <li className="mr-muted">Drag instances here.</li>}
                      {group.scenarioIds.map((id) => {
                        const name = names.data?.get(id) ?? (names.isPending ? '…' : id);
                        return (
                          <li key={id}>
                            {canManage ? (
                              <GroupMember groupId={group.id} instanceId={id} name={name} />
                            ) : (
                              <span className="mr-group-member">{name}</span>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </DropTarget>
              </li>
            );
          })}
        </ul>
      )}
      {dragged?.from && (
        <DropTarget id={UNGROUPED} label="no group" className="mr-ungroup-zone">
          <i className="pi pi-sign-out" aria-hidden="true" /> Drop here to take {dragged.name} out of its
          group
        </DropTarget>
      )}
      {dialog?.kind === 'create' && (
        <GroupDialog uuid={uuid} subModelId={subModelId} groups={list} onHide={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'edit' && (
        <GroupDialog
          uuid={uuid}
          subModelId={subModelId}
          groups={list}
          group={dialog.group}
          onHide={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteGroupDialog
          uuid={uuid}
          subModelId={subModelId}
          group={dialog.group}
          onHide={() => setDialog(undefined)}
        />
      )}
    </section>
  );
}
