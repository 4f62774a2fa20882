import { MESSAGES } from '@shared/messages';
import { GRANTABLE_ROLES } from '@shared/schemas/collaboration';
import type { ModelDetail, UserSummary } from '@shared/schemas/model-api';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type JSX, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { grantFileAccess, grantModelRole, notifyFailure } from '../../../../api/access';
import { modelKeys } from '../../../../api/models';
import { userLabel } from '../../../../components/ui/user-picker/search-users';
import { notify } from '../../../../lib/message-stack';
import { type GrantLink, readGrantLink, withoutGrantLink } from './grant-link';
import './access.css';
import { ModalDialog } from '../../../../components/ui/modal-dialog';

type ActiveLink = Exclude<GrantLink, { kind: 'none' } | { kind: 'invalid' }>;
type Phase = { kind: 'idle' } | { kind: 'working' } | { kind: 'granted'; text: string };

export const INVALID_GRANT_LINK = 'This access link is not valid. Nothing was granted.';

/** Links being granted right now (module scope: a remount or StrictMode's second effect must not grant twice). */
const inFlight = new Set<string>();

const personName = (user: Pick<UserSummary, 'id' | 'firstName' | 'lastName'> | undefined, id: string) =>
  user ? userLabel(user) : id;

/**
 * Performs one grant and returns the text of the 'Access Granted' dialog.
 * 1. Model link: POST /v2/models/{uuid}/grants { role, userId }.
 * 2. File link: PUT /v2/models/{uuid}/files/{fileUuid}/access { userId, status: 'ACTIVE' }.
 * The server checks that the caller may grant; the UI only drives the call.
 */
async function grant(modelUuid: string, modelName: string, link: ActiveLink): Promise<string> {
  if (link.kind === 'model') {
    const result = await grantModelRole(modelUuid, link.role, link.userId);
    const who = personName(result.user, link.userId);
    const role = GRANTABLE_ROLES[result.role] ?? GRANTABLE_ROLES[link.role];
    return result.changed
      ? `${who} has been granted ${role} access to ${modelName}.`
      : `${who} already has ${role} access to ${modelName}.`;
  }
  const list = await grantFileAccess(modelUuid, link.fileUuid, link.userId);
  const who = personName(
    list.sharedWith.find((u) => u.id === link.userId),
    link.userId,
  );
  return `${who} has been granted access to the file ${list.fileName || link.fileName}.`;
}

/**
 * Answers a grant link on /model/:uuid/detail (000 §2): `?role=..&userId=..` grants a model role,
 * `?file=..&fileName=..&userId=..` grants access to a file. While working a modal reads 'Setting up
 * your model permissions'; then 'Access Granted' names the user and what they got. Afterwards the
 * link's parameters leave the URL (replace), so a reload does not grant again. A malformed link is
 * ignored with a warning.
 */
export function GrantLinkHandler({
  model,
}: {
  model: Pick<ModelDetail, 'uuid' | 'name'>;
}): JSX.Element | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const link = useMemo(() => readGrantLink(searchParams), [searchParams]);

  useEffect(() => {
    if (link.kind === 'none') return;
    const linkKey = `${model.uuid}?${JSON.stringify(link)}`;
    if (inFlight.has(linkKey)) return;
    const cleanUrl = () => setSearchParams((prev) => withoutGrantLink(prev), { replace: true });
    if (link.kind === 'invalid') {
      notify.warning(INVALID_GRANT_LINK, 'long');
      cleanUrl();
      return;
    }
    inFlight.add(linkKey);
    setPhase({ kind: 'working' });
    grant(model.uuid, model.name, link)
      .then((text) => {
        setPhase({ kind: 'granted', text });
        void queryClient.invalidateQueries({ queryKey: modelKeys.detail(model.uuid) });
      })
      .catch((error: unknown) => {
        setPhase({ kind: 'idle' });
        notifyFailure(
          link.kind === 'model' ? MESSAGES.failedToGrantModelAccess : MESSAGES.failedToGrantFileAccess,
          error,
        );
      })
      .finally(() => {
        cleanUrl();
        inFlight.delete(linkKey);
      });
  }, [link, model.uuid, model.name, queryClient, setSearchParams]);

  if (phase.kind === 'working') {
    return (
      <ModalDialog
        header={MESSAGES.settingUpPermissions}
        visible
        closable={false}
        onHide={() => undefined}
        style={{ width: '30rem', maxWidth: '95vw' }}
        draggable={false}
      >
        <div className="mr-grant-progress" role="status" aria-live="polite">
          <i className="pi pi-spin pi-spinner" style={{ fontSize: '1.5rem' }} aria-hidden="true" />
          <span>Please wait while the access is granted.</span>
        </div>
      </ModalDialog>
    );
  }
  if (phase.kind === 'granted') {
    const close = () => setPhase({ kind: 'idle' });
    return (
      <ModalDialog
        header={MESSAGES.accessGranted}
        visible
        onHide={close}
        style={{ width: '30rem', maxWidth: '95vw' }}
        draggable={false}
        footer={
          <div className="mr-dialog-footer">
            <Button type="button" label="OK" autoFocus onClick={close} />
          </div>
        }
      >
        <p>{phase.text}</p>
      </ModalDialog>
    );
  }
  return null;
}
