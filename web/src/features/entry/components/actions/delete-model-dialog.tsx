import { MESSAGES } from '@shared/messages';
import { Checkbox } from 'primereact/checkbox';
import { useState } from 'react';
import { useDeleteModel } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { notify } from '../../../../lib/message-stack';
import { validateDeleteConfirmation } from './action-validation';

interface DeleteModelDialogProps {
  uuid: string;
  name: string;
  onHide: () => void;
  onDeleted: () => void;
}

/** Delete Model Entry: drafts only, permanently, after the confirmation checkbox (000 §4-5). */
export function DeleteModelDialog({ uuid, name, onHide, onDeleted }: DeleteModelDialogProps) {
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const mutation = useDeleteModel();

  const submit = () => {
    const problem = validateDeleteConfirmation(confirmed);
    setError(problem);
    if (problem) return;
    mutation.mutate(uuid, {
      onSuccess: () => {
        notify.success(MESSAGES.modelDeleted);
        onDeleted();
      },
    });
  };

  return (
    <ActionDialog
      header="Delete Model Entry"
      confirmLabel="Delete"
      width="32rem"
      busy={mutation.isPending}
      danger
      onConfirm={submit}
      onHide={onHide}
    >
      <p>
        The draft <strong>{name}</strong> and its files will be deleted permanently.
      </p>
      <div className="mr-confirm">
        <Checkbox
          inputId="mr-delete-confirm"
          checked={confirmed}
          invalid={Boolean(error)}
          onChange={(e) => {
            setConfirmed(Boolean(e.checked));
            if (e.checked) setError(undefined);
          }}
        />
        <label htmlFor="mr-delete-confirm">I confirm that I want to delete this model entry</label>
      </div>
      {error ? (
        <p className="mr-error-text" role="alert">
          {error}
        </p>
      ) : null}
    </ActionDialog>
  );
}
