import { MESSAGES } from '@shared/messages';
import { type AdminIncident, type IncidentStatus, IncidentStatusSchema } from '@shared/schemas/incident';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { ReasonedButton } from '../../../components/ui/reasoned-button';
import { notify } from '../../../lib/message-stack';
import { updateRefusal, useUpdateIncident } from '../api/admin-incidents';

export const INCIDENT_UPDATED = 'The incident has been updated';

/**
 * Edit Status (002 §2, §4, §5): Status (OPEN, CLOSED), a closing comment (required) and 'Update
 * Incident', disabled while the incident is CLOSED or the status unchanged. The server refuses the same.
 */
export function EditStatusDialog({ incident, onClose }: { incident: AdminIncident; onClose: () => void }) {
  const [status, setStatus] = useState<IncidentStatus>(incident.status);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const update = useUpdateIncident();
  const statusId = useId();
  const commentId = useId();
  const errorId = useId();
  const refusal = updateRefusal(incident.status, status, comment);
  const commentMissing = touched && !comment.trim() && incident.status !== 'CLOSED';

  const submit = () => {
    setTouched(true);
    if (refusal) return;
    update.mutate(
      { id: incident.incidentId, body: { status, comments: comment.trim() } },
      {
        onSuccess: () => {
          notify.success(INCIDENT_UPDATED);
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog
      visible
      header="Edit Status"
      onHide={onClose}
      style={{ width: '32rem' }}
      footer={
        <>
          <Button label="Cancel" outlined onClick={onClose} />
          <ReasonedButton
            label="Update Incident"
            blocked={refusal !== undefined || update.isPending}
            reason={refusal}
            onClick={submit}
          />
        </>
      }
    >
      <div className="mr-form">
        <label htmlFor={statusId}>Status</label>
        <Dropdown
          inputId={statusId}
          value={status}
          options={IncidentStatusSchema.options.map((s) => ({ label: s, value: s }))}
          onChange={(e) => setStatus(e.value as IncidentStatus)}
          disabled={incident.status === 'CLOSED'}
        />
        <label htmlFor={commentId}>Comment *</label>
        <InputTextarea
          id={commentId}
          value={comment}
          rows={4}
          onChange={(e) => setComment(e.target.value)}
          onBlur={() => setTouched(true)}
          disabled={incident.status === 'CLOSED'}
          aria-invalid={commentMissing}
          aria-describedby={commentMissing ? errorId : undefined}
        />
        {commentMissing && (
          <small id={errorId} className="p-error">
            {MESSAGES.fieldRequired}
          </small>
        )}
      </div>
    </ModalDialog>
  );
}
