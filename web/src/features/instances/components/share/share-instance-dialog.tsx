import { LIMITS } from '@shared/constants';
import type { ShareEntry } from '@shared/schemas/instance-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import {
  defaultShareMessage,
  ShareRequestSchema,
  type ShareUser,
  shareCandidateProblem,
  stopSharingConfirm,
} from '@shared/sub-models/sharing';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { SearchCombobox } from '../../../../components/ui/search-combobox';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { useDebouncedPickerSearch } from '../../../../components/ui/user-picker/search-users';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { fullName, useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import {
  apiMessage,
  type InstanceDetailView,
  instanceKeys,
  listShareCandidates,
  shareInstance,
  stopSharing,
} from '../../api/instances-api';

/** The share dialog is about 80rem wide (spec 001 §2). */
export const SHARE_DIALOG_WIDTH = '80rem';
const MESSAGE_ROWS = 5;
const MESSAGE_MAX = 4000;

const userName = (u: Pick<ShareUser, 'firstName' | 'lastName' | 'id'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.id;

/**
 * The link a share e-mail carries: the instance's detail page (001 §2), the same page the mail's
 * footer links, so the e-mail names one address (issue 21 §11: the editor and the detail differed).
 */
export const instanceLink = (uuid: string, instanceId: string) =>
  `${window.location.origin}${paths.instanceDetail.getHref(uuid, instanceId)}`;

interface SharePickerProps {
  uuid: string;
  instanceId: string;
  type: SubModelType;
  error: string | undefined;
  onPick: (user: ShareUser) => void;
}

/**
 * 'Send an email to selected users': the shared search box over the instance's share candidates (at
 * most 10, 1000 ms after the last keystroke); a candidate the sub-model type refuses says why.
 */
function SharePicker({ uuid, instanceId, type, error, onPick }: SharePickerProps) {
  const [refusal, setRefusal] = useState<string | undefined>();
  const search = useDebouncedPickerSearch<ShareUser>(
    (q, signal) =>
      listShareCandidates(uuid, instanceId, q, { signal }).then((r) =>
        r.items.slice(0, LIMITS.userSearchLimit),
      ),
    `${uuid}/${instanceId}`,
  );

  const pick = (user: ShareUser) => {
    const refused = shareCandidateProblem(user, type);
    setRefusal(refused);
    if (refused) return;
    search.clear();
    onPick(user);
  };

  return (
    <SearchCombobox
      label={`${SUB_MODEL_MESSAGES.sendEmailToSelectedUsers} *`}
      className="mr-field"
      text={search.text}
      onTextChange={(text) => {
        search.setText(text);
        setRefusal(undefined);
      }}
      placeholder="Search by name or e-mail"
      loading={search.loading}
      items={search.results}
      searched={!search.loading}
      emptyText="No users found"
      itemKey={(u) => u.id}
      renderItem={(u) => (
        <>
          <span>{userName(u)}</span>
          <small className="mr-muted">
            {u.email}
            {u.subModelAccess === false ? ' · no access to this sub-model' : ''}
          </small>
        </>
      )}
      onPick={pick}
      problem={refusal ?? error}
      autoFocus
      floating
    />
  );
}

export interface ShareInstanceDialogProps {
  uuid: string;
  modelName: string;
  type: SubModelType;
  instance: Pick<InstanceDetailView, 'id' | 'name' | 'sharedWith'>;
  onHide: () => void;
  /** The page the e-mail invites to (an analysis shares its result page, 001 §2 Share Link); default the editor. */
  link?: string;
  /** An analysis is invited to as such in the default message. */
  kind?: 'instance' | 'analysis';
}

/**
 * Share Instance (spec 001 §2, §4-§6): one user at a time (a new pick replaces the last), a message
 * prefilled with an invitation naming the sharer and the model; 'Shared with' lists the active
 * shares, each with a remove control that asks before it stops sharing.
 */
export function ShareInstanceDialog({
  uuid,
  modelName,
  type,
  instance,
  onHide,
  link,
  kind,
}: ShareInstanceDialogProps) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ShareUser[]>([]);
  const [message, setMessage] = useState(() =>
    defaultShareMessage({
      sharerName: fullName(me),
      modelName,
      instanceName: instance.name,
      link: link ?? instanceLink(uuid, instance.id),
      kind,
    }),
  );
  const [errors, setErrors] = useState<{ users?: string; message?: string }>({});
  const [sharedWith, setSharedWith] = useState<ShareEntry[]>(() =>
    instance.sharedWith.filter((s) => s.status === 'ACTIVE'),
  );
  const [stopping, setStopping] = useState<ShareEntry | undefined>();

  const remember = (list: ShareEntry[]) => {
    const active = list.filter((s) => s.status === 'ACTIVE');
    setSharedWith(active);
    queryClient.setQueryData<InstanceDetailView>(instanceKeys.detail(uuid, instance.id), (old) =>
      old ? { ...old, sharedWith: active } : old,
    );
    void queryClient.invalidateQueries({ queryKey: instanceKeys.lists(uuid) });
  };

  const share = useMutation({
    mutationFn: (body: { isids: string[]; messageText: string }) => shareInstance(uuid, instance.id, body),
    onSuccess: (result) => {
      remember(result.sharedWith);
      setSelected([]);
      notify.success(SUB_MODEL_MESSAGES.instanceShared);
      if (result.emailSent) notify.success(SUB_MODEL_MESSAGES.emailSent);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422)
        setErrors({ users: apiMessage(error) ?? SUB_MODEL_MESSAGES.subModelAccessDenied });
    },
  });

  const stop = useMutation({
    mutationFn: (entry: ShareEntry) => stopSharing(uuid, instance.id, entry.userId),
    onSuccess: (result, entry) => {
      remember(result.sharedWith);
      setStopping(undefined);
      notify.success(`${instance.name} is no longer shared with ${userName({ ...entry, id: entry.userId })}`);
    },
  });

  const send = () => {
    const parsed = ShareRequestSchema.safeParse({ isids: selected.map((u) => u.id), messageText: message });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'isids') next.users ??= issue.message;
        if (issue.path[0] === 'messageText') next.message ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (!share.isPending) share.mutate(parsed.data);
  };

  return (
    <ActionDialog
      header={SUB_MODEL_MESSAGES.shareInstance}
      width={SHARE_DIALOG_WIDTH}
      onHide={onHide}
      cancelLabel="Close"
      confirmLabel="Share"
      confirmIcon="pi pi-share-alt"
      busy={share.isPending}
      onConfirm={send}
    >
      <div className="mr-share-instance">
        <div className="mr-share-instance__form">
          <p>
            Share <strong>{instance.name}</strong> with one user at a time; they get an e-mail with your
            message.
          </p>
          <SharePicker
            uuid={uuid}
            instanceId={instance.id}
            type={type}
            error={errors.users}
            onPick={(user) => {
              // §4: the list keeps only the last picked user.
              setSelected([user]);
              setErrors((e) => ({ ...e, users: undefined }));
            }}
          />
          <ul className="mr-share-instance__selected" aria-label="Selected user">
            {selected.length === 0 && <li className="mr-muted">No user selected</li>}
            {selected.map((u) => (
              <li key={u.id} className="mr-share-chip">
                <span>
                  {userName(u)} <small className="mr-muted">{u.email}</small>
                </span>
                <button
                  type="button"
                  className="mr-share-chip__remove"
                  aria-label={`Remove ${userName(u)}`}
                  onClick={() => setSelected([])}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <TextAreaField
            label="Message *"
            value={message}
            rows={MESSAGE_ROWS}
            maxLength={MESSAGE_MAX}
            error={errors.message}
            onChange={(value) => {
              setMessage(value);
              if (errors.message) setErrors((e) => ({ ...e, message: undefined }));
            }}
          />
        </div>
        <section className="mr-share-instance__shared" aria-labelledby="mr-shared-with">
          <h3 id="mr-shared-with">{SUB_MODEL_MESSAGES.sharedWith}</h3>
          {sharedWith.length === 0 ? (
            <p className="mr-muted">This instance is not shared with anyone.</p>
          ) : (
            <ul className="mr-shared-with">
              {sharedWith.map((entry) => {
                const name = userName({ ...entry, id: entry.userId });
                return (
                  <li key={entry.userId} className="mr-shared-with__user">
                    <span>
                      {name} <small className="mr-muted">{entry.email}</small>
                    </span>
                    <Button
                      type="button"
                      icon="pi pi-times"
                      text
                      rounded
                      severity="danger"
                      aria-label={`Stop sharing with ${name}`}
                      onClick={() => setStopping(entry)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
      {stopping && (
        <ActionDialog
          header={SUB_MODEL_MESSAGES.stopSharing}
          width="32rem"
          onHide={() => setStopping(undefined)}
          confirmLabel={SUB_MODEL_MESSAGES.stopSharing}
          danger
          busy={stop.isPending}
          onConfirm={() => stop.mutate(stopping)}
        >
          <p>{stopSharingConfirm(instance.name, userName({ ...stopping, id: stopping.userId }))}</p>
        </ActionDialog>
      )}
    </ActionDialog>
  );
}
