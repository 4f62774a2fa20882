import { MESSAGES } from '@shared/messages';
import { SHARE_MESSAGE_MAX } from '@shared/schemas/collaboration';
import type { UserSummary } from '@shared/schemas/model-api';
import { useMutation } from '@tanstack/react-query';
import { type JSX, useState } from 'react';
import { notifyFailure, shareModel } from '../../../../api/access';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { UserChips, UserPicker } from '../../../../components/ui/user-picker/user-picker';
import { paths } from '../../../../config/paths';
import { type FieldErrors, validateShare } from '../../../../lib/access-validation';
import { notify } from '../../../../lib/message-stack';
import './access.css';

export interface ShareModelDialogProps {
  model: { uuid: string; name: string };
  onHide: () => void;
}

/** The link a share e-mail carries: the entry's detail page in this web app. */
export const shareLink = (uuid: string) => `${window.location.origin}${paths.modelDetail.getHref(uuid)}`;

/**
 * Share Model Entry (000 §5, §7 "send share e-mail"): pick users (the search strips angle brackets,
 * waits 1000 ms, offers at most 10, leaves out non-personal accounts and includes users not enrolled
 * yet) and write a message, prefilled with an invitation and the entry's link. Send → 'Email has been sent.'
 */
export function ShareModelDialog({ model, onHide }: ShareModelDialogProps): JSX.Element {
  const [users, setUsers] = useState<UserSummary[]>([]);
  const [message, setMessage] = useState(() =>
    MESSAGES.shareDefaultMessage(model.name, shareLink(model.uuid)),
  );
  const [errors, setErrors] = useState<FieldErrors<'userIds' | 'message'>>({});
  const userIds = users.map((u) => u.id);

  const mutation = useMutation({
    mutationFn: () => shareModel(model.uuid, { userIds, message: message.trim() }),
    onSuccess: () => {
      notify.success(MESSAGES.emailSent);
      onHide();
    },
    onError: (error) => notifyFailure('Failed to share the model entry', error),
  });

  const send = () => {
    const problems = validateShare(userIds, message);
    setErrors(problems);
    if (Object.keys(problems).length === 0 && !mutation.isPending) mutation.mutate();
  };

  const pick = (user: UserSummary) => {
    setUsers((list) => (list.some((u) => u.id === user.id) ? list : [...list, user]));
    setErrors((e) => ({ ...e, userIds: undefined }));
    return undefined;
  };

  return (
    <ActionDialog
      header="Share Model Entry"
      width="44rem"
      onHide={onHide}
      confirmLabel="Send"
      confirmIcon="pi pi-send"
      busy={mutation.isPending}
      onConfirm={send}
    >
      <p>
        Send <strong>{model.name}</strong> by e-mail.
      </p>
      <div className="mr-share__recipients">
        <UserPicker label="Users *" excludeIds={userIds} onPick={pick} error={errors.userIds} />
        <UserChips
          users={users}
          emptyText="No users selected"
          onRemove={(userId) => setUsers((list) => list.filter((u) => u.id !== userId))}
        />
      </div>
      <TextAreaField
        label="Message *"
        value={message}
        rows={7}
        maxLength={SHARE_MESSAGE_MAX}
        error={errors.message}
        onChange={(value) => {
          setMessage(value);
          if (errors.message) setErrors((x) => ({ ...x, message: undefined }));
        }}
      />
    </ActionDialog>
  );
}
