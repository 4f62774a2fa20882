import { MESSAGES } from '@shared/messages';
import { CreateNotificationBodySchema, USER_NOTE_MAX } from '@shared/schemas/collaboration';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { type JSX, useId, useState } from 'react';
import { notify } from '../../../../lib/message-stack';
import { createNotification } from '../../api/notify-api';

export interface NotifyModelUsersDialogProps {
  modelUuid: string;
  action: 'NEW_MODEL_VERSION' | 'FILES_MODIFIED';
  onClose: () => void;
}

export const NOTIFY_EXPLANATION =
  'The Model Steward, the Value and Implementation Lead, the model viewers and the model owners will get an e-mail and a notification about this change.';

/** The note's problem, or undefined when it may be sent (000 §5: the note is required). */
export function validateUserNote(note: string): string | undefined {
  const result = CreateNotificationBodySchema.shape.userNote.safeParse(note);
  return result.success ? undefined : (result.error.issues[0]?.message ?? MESSAGES.fieldRequired);
}

/**
 * 'Notify Model Users ?' (000 §4), shown after a files save or a new version: 'No' closes, 'Yes'
 * sends POST /v2/notifications with the required note; the server notifies and mails the steward,
 * the lead, the viewers and the owners.
 */
export function NotifyModelUsersDialog({
  modelUuid,
  action,
  onClose,
}: NotifyModelUsersDialogProps): JSX.Element {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const mutation = useMutation({
    mutationFn: () => createNotification({ modelUuid, action, userNote: note.trim() }),
    onSuccess: () => {
      notify.success(
        action === 'NEW_MODEL_VERSION'
          ? MESSAGES.notificationOfNewVersionSent
          : MESSAGES.notificationOfModifiedFileSent,
      );
      onClose();
    },
    onError: () => notify.error(MESSAGES.failedToSendEmailNotification),
  });

  const send = () => {
    const problem = validateUserNote(note);
    setError(problem);
    if (!problem && !mutation.isPending) mutation.mutate();
  };

  return (
    <Dialog
      header={MESSAGES.notifyModelUsersTitle}
      visible
      onHide={onClose}
      style={{ width: '36rem', maxWidth: '95vw' }}
      draggable={false}
      footer={
        <div className="mr-dialog-footer">
          <Button type="button" label="No" outlined onClick={onClose} disabled={mutation.isPending} />
          <Button type="button" label="Yes" icon="pi pi-send" loading={mutation.isPending} onClick={send} />
        </div>
      }
    >
      <p>{NOTIFY_EXPLANATION}</p>
      <div className="mr-field">
        <label htmlFor={`${id}-note`}>Note *</label>
        <InputTextarea
          id={`${id}-note`}
          value={note}
          rows={4}
          maxLength={USER_NOTE_MAX}
          autoFocus
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-note-error` : undefined}
          onChange={(e) => {
            setNote(e.target.value);
            if (error) setError(undefined);
          }}
        />
        {error && (
          <small id={`${id}-note-error`} className="mr-error-text" role="alert">
            {error}
          </small>
        )}
      </div>
    </Dialog>
  );
}
