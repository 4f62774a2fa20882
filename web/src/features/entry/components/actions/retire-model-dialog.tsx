import { MESSAGES } from '@shared/messages';
import { Checkbox } from 'primereact/checkbox';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useRetireModel } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { notify } from '../../../../lib/message-stack';
import { validateRetire } from './action-validation';

interface RetireModelDialogProps {
  uuid: string;
  name: string;
  rev?: number;
  onHide: () => void;
  /** After a successful retire (the dialog has closed). */
  onRetired?: () => void;
}

/** Retire Model Entry: a reason and the confirmation checkbox; cannot be undone (000 §4-5). */
export function RetireModelDialog({ uuid, name, rev, onHide, onRetired }: RetireModelDialogProps) {
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<ReturnType<typeof validateRetire>>({});
  const mutation = useRetireModel();

  const submit = () => {
    const problems = validateRetire({ reason, confirmed });
    setErrors(problems);
    if (problems.reason || problems.confirmed) return;
    mutation.mutate(
      { uuid, reason: reason.trim(), rev },
      {
        onSuccess: () => {
          notify.success(MESSAGES.modelRetired);
          onHide();
          onRetired?.();
        },
        onError: () => notify.error(MESSAGES.failedToRetireModel),
      },
    );
  };

  return (
    <ActionDialog
      header="Retire Model Entry"
      confirmLabel="Retire"
      width="36rem"
      busy={mutation.isPending}
      danger
      onConfirm={submit}
      onHide={onHide}
    >
      <p>
        Retiring <strong>{name}</strong> retires all its files and cannot be undone.
      </p>
      <div className="mr-field">
        <label htmlFor="mr-retire-reason">Reason *</label>
        <InputTextarea
          id="mr-retire-reason"
          value={reason}
          rows={4}
          maxLength={2000}
          invalid={Boolean(errors.reason)}
          aria-describedby={errors.reason ? 'mr-retire-reason-error' : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {errors.reason ? (
          <small id="mr-retire-reason-error" className="mr-error-text">
            {errors.reason}
          </small>
        ) : null}
      </div>
      <div className="mr-confirm">
        <Checkbox
          inputId="mr-retire-confirm"
          checked={confirmed}
          invalid={Boolean(errors.confirmed)}
          onChange={(e) => setConfirmed(Boolean(e.checked))}
        />
        <label htmlFor="mr-retire-confirm">I confirm that I want to retire this model entry</label>
      </div>
      {errors.confirmed ? (
        <p className="mr-error-text" role="alert">
          {errors.confirmed}
        </p>
      ) : null}
    </ActionDialog>
  );
}
