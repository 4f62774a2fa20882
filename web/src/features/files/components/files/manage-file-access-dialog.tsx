import { MESSAGES } from '@shared/messages';
import type { FileAccessList } from '@shared/schemas/collaboration';
import type { UserSummary } from '@shared/schemas/model-api';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ListBox } from 'primereact/listbox';
import { useId, useState } from 'react';
import { notifyFailure } from '../../../../api/access';
import { fileAccessQuery, useSetFileAccess, useTransferFileOwner } from '../../../../api/files';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { userLabel } from '../../../../components/ui/user-picker/search-users';
import { notify } from '../../../../lib/message-stack';
import { reloadOnFolderTab } from '../../../../lib/reload-folder-tab';

const userOptions = (users: readonly UserSummary[]) =>
  users.map((u) => ({ id: u.id, label: u.email ? `${userLabel(u)} (${u.email})` : userLabel(u) }));

/** Everyone who could own the file: the owner, the users it is shared with and the candidates. */
export function ownerChoices(list: FileAccessList): UserSummary[] {
  const seen = new Set<string>();
  return [list.owner, ...list.sharedWith, ...list.candidates].filter((u) => {
    if (seen.has(u.id)) return false;
    seen.add(u.id);
    return true;
  });
}

/** Ownership transfer (000 §5): a user is required, and not the one who already owns the file. */
export function ownershipProblem(list: FileAccessList, userId: string | undefined): string | undefined {
  if (!userId) return 'Choose the new owner.';
  if (userId === list.owner.id) return `${userLabel(list.owner)} already owns this file.`;
  return undefined;
}

function SharedWith({
  list,
  busy,
  onStop,
}: {
  list: FileAccessList;
  busy: boolean;
  onStop: (user: UserSummary) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mr-file-access__section">
      <h3 id={headingId}>Shared with</h3>
      {list.sharedWith.length === 0 ? (
        <p className="mr-muted">This file is not shared with anyone.</p>
      ) : (
        <ul className="mr-file-access__shared">
          {list.sharedWith.map((u) => (
            <li key={u.id}>
              <span>{userLabel(u)}</span>
              {u.email && <small className="mr-muted">{u.email}</small>}
              <Button
                type="button"
                label="Stop sharing"
                size="small"
                outlined
                severity="danger"
                aria-label={`Stop sharing with ${userLabel(u)}`}
                disabled={busy}
                onClick={() => onStop(u)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One user from a fixed list (filterable); the newest choice replaces the earlier one. */
function UserChoice({
  heading,
  users,
  value,
  onChange,
  emptyMessage,
}: {
  heading: string;
  users: readonly UserSummary[];
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  emptyMessage: string;
}) {
  const headingId = useId();
  return (
    <>
      <h3 id={headingId}>{heading}</h3>
      <ListBox
        aria-labelledby={headingId}
        value={value ?? null}
        options={userOptions(users)}
        optionLabel="label"
        optionValue="id"
        filter
        filterPlaceholder="Search by name or e-mail"
        emptyMessage={emptyMessage}
        listStyle={{ maxHeight: '12rem' }}
        onChange={(e) => onChange((e.value as string | null) ?? undefined)}
      />
    </>
  );
}

export interface ManageFileAccessDialogProps {
  modelUuid: string;
  file: { uuid: string; name: string };
  onHide: () => void;
}

/**
 * Manage File Access (000 §4, §5, §6) for the file owner and super users (the only ones who control a
 * file, shared/rules/file-permissions.ts; the file list's `callerAccess.manage` offers it to them):
 * the owner, 'Shared with' with 'Stop sharing' (status INACTIVE), sharing with one chosen user
 * (status ACTIVE; submit disabled until a user is chosen) and the ownership transfer (disabled
 * while the chosen user already owns the file; afterwards the page reloads on the folder tab and
 * then says 'File Ownership has been granted to {name}').
 */
export function ManageFileAccessDialog({ modelUuid, file, onHide }: ManageFileAccessDialogProps) {
  const access = useQuery(fileAccessQuery(modelUuid, file.uuid));
  const share = useSetFileAccess(modelUuid, file.uuid);
  const transfer = useTransferFileOwner(modelUuid, file.uuid);
  const [grantee, setGrantee] = useState<string | undefined>();
  const [newOwner, setNewOwner] = useState<string | undefined>();
  const busy = share.isPending || transfer.isPending;
  const list = access.data;

  const grant = (user: UserSummary) =>
    share.mutate(
      { userId: user.id, status: 'ACTIVE' },
      {
        onSuccess: () => {
          notify.success(MESSAGES.fileAccessGranted);
          setGrantee(undefined);
        },
        onError: (error) => notifyFailure(MESSAGES.failedToGrantFileAccess, error),
      },
    );

  const stop = (user: UserSummary) =>
    share.mutate(
      { userId: user.id, status: 'INACTIVE' },
      {
        onSuccess: () => notify.success(MESSAGES.fileAccessRemoved(userLabel(user))),
        onError: (error) => notifyFailure(`Failed to stop sharing with ${userLabel(user)}`, error),
      },
    );

  const giveOwnership = (user: UserSummary) =>
    transfer.mutate(user.id, {
      onSuccess: () => {
        // The message is shown once the reloaded page is there (reload-folder-tab.ts).
        onHide();
        reloadOnFolderTab(modelUuid, MESSAGES.fileOwnershipGranted(userLabel(user)));
      },
      onError: (error) => notifyFailure(MESSAGES.failedToGrantFileAccess, error),
    });

  const chosenGrantee = list?.candidates.find((u) => u.id === grantee);
  const owners = list ? ownerChoices(list) : [];
  const chosenOwner = owners.find((u) => u.id === newOwner);
  const ownerProblem = list ? ownershipProblem(list, newOwner) : undefined;

  return (
    <ModalDialog
      header={MESSAGES.manageFileAccess}
      visible
      onHide={onHide}
      style={{ width: '44rem', maxWidth: '95vw' }}
      modal
      draggable={false}
    >
      {access.isPending ? (
        <Spinner />
      ) : !list ? (
        <p role="alert" className="mr-error-text">
          The access of this file could not be loaded.
        </p>
      ) : (
        <div className="mr-file-access">
          <p>
            <i className="pi pi-file" aria-hidden="true" /> <strong>{file.name}</strong>
          </p>
          <p>
            Owner: <strong>{userLabel(list.owner)}</strong>
          </p>
          <SharedWith list={list} busy={busy} onStop={stop} />
          <section className="mr-file-access__section" aria-label="Share file">
            <UserChoice
              heading="Share with a user"
              users={list.candidates}
              value={grantee}
              onChange={setGrantee}
              emptyMessage="No other users can be given access."
            />
            <div className="mr-file-access__submit">
              <Button
                type="button"
                label="Grant Access"
                icon="pi pi-check"
                disabled={!chosenGrantee || busy}
                loading={share.isPending && share.variables?.status === 'ACTIVE'}
                onClick={() => chosenGrantee && grant(chosenGrantee)}
              />
            </div>
          </section>
          <section className="mr-file-access__section" aria-label="Transfer ownership">
            <UserChoice
              heading="Transfer ownership"
              users={owners}
              value={newOwner}
              onChange={setNewOwner}
              emptyMessage="No users found."
            />
            {newOwner && ownerProblem && <small className="mr-muted">{ownerProblem}</small>}
            <div className="mr-file-access__submit">
              <Button
                type="button"
                label="Transfer Ownership"
                icon="pi pi-user-edit"
                disabled={Boolean(ownerProblem) || busy}
                loading={transfer.isPending}
                onClick={() => chosenOwner && giveOwnership(chosenOwner)}
              />
            </div>
          </section>
        </div>
      )}
    </ModalDialog>
  );
}
