import { MESSAGES } from '@shared/messages';
import { CreateNotificationBodySchema, USER_NOTE_MAX } from '@shared/schemas/collaboration';
import { useMutation } from '@tanstack/react-query';
import { type JSX, useState } from 'react';
import { createNotification } from '../../api/notifications';
import { notify } from '../../lib/message-stack';
import { ActionDialog } from './action-dialog';
import { TextAreaField } from './text-area-field';

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
    <ActionDialog
      header={MESSAGES.notifyModelUsersTitle}
      width="36rem"
      onHide={onClose}
      cancelLabel="No"
      cancelDisabled={mutation.isPending}
      confirmLabel="Yes"
      confirmIcon="pi pi-send"
      busy={mutation.isPending}
      onConfirm={send}
    >
      <p>{NOTIFY_EXPLANATION}</p>
      <TextAreaField
        label="Note *"
        value={note}
        rows={4}
        maxLength={USER_NOTE_MAX}
        autoFocus
        error={error}
        onChange={(value) => {
          setNote(value);
          if (error) setError(undefined);
        }}
      />
    </ActionDialog>
  );
}
