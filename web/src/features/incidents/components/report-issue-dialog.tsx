import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { markReported, notify } from '../../../lib/message-stack';
import { useCreateIncident, validateReportDescription } from '../api/create-incident';

interface ReportIssueDialogProps {
  reportId: string;
  /** The stack of an error the browser caught (the exception page): resolved for administrators. */
  browserStackTrace?: string;
  onClose: () => void;
}

/**
 * 'Report Issue' (000 §8, 002 §8): the user describes what happened; the incident is stored with the
 * report id, then a thank-you dialog appears. Loaded lazily with zod (the schema validates the form).
 */
export function ReportIssueDialog({ reportId, browserStackTrace, onClose }: ReportIssueDialogProps) {
  const [description, setDescription] = useState('');
  const [userNotes, setUserNotes] = useState('');
  // The problem shows after a submit, or once the user has typed and left the field; not on open,
  // when the dialog's focus handling may blur the untouched field.
  const [edited, setEdited] = useState(false);
  const [touched, setTouched] = useState(false);
  const [thanked, setThanked] = useState(false);
  const createIncident = useCreateIncident();
  const descriptionId = useId();
  const notesId = useId();
  const errorId = useId();
  const problem = touched ? validateReportDescription(description) : undefined;

  const submit = () => {
    setTouched(true);
    if (validateReportDescription(description)) return;
    createIncident.mutate(
      {
        reportId,
        description: description.trim(),
        ...(userNotes.trim() ? { userNotes: userNotes.trim() } : {}),
        ...(browserStackTrace
          ? { browserStackTrace: browserStackTrace.slice(0, LIMITS.incidentStackTraceMax) }
          : {}),
      },
      {
        onSuccess: () => {
          markReported(reportId);
          setThanked(true);
        },
        onError: () => notify.error(MESSAGES.failedToReportIssue),
      },
    );
  };

  if (thanked) {
    return (
      <ModalDialog
        visible
        header="Thank you"
        onHide={onClose}
        style={{ width: '28rem' }}
        footer={<Button label="Close" onClick={onClose} autoFocus />}
      >
        <p>Thank you for reporting the issue. Our support team will look into it.</p>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog
      visible
      header="Report Issue"
      onHide={onClose}
      style={{ width: '36rem' }}
      footer={
        <>
          <Button label="Cancel" outlined onClick={onClose} />
          <Button label="Submit" icon="pi pi-send" onClick={submit} loading={createIncident.isPending} />
        </>
      }
    >
      <p className="mr-muted">Report id: {reportId}</p>
      <div className="mr-field">
        <label htmlFor={descriptionId}>Description *</label>
        <InputTextarea
          id={descriptionId}
          value={description}
          rows={5}
          // The Dialog's focus trap focuses this attribute's element on show (React's autoFocus loses).
          data-pc-autofocus
          invalid={Boolean(problem)}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => {
            setEdited(true);
            setDescription(e.target.value);
          }}
          onBlur={() => edited && setTouched(true)}
        />
        <small className="mr-muted">
          {description.length}/{LIMITS.reportDescriptionMax}
        </small>
        {problem && (
          <small id={errorId} role="alert" className="mr-error-text">
            {problem}
          </small>
        )}
      </div>
      <div className="mr-field">
        <label htmlFor={notesId}>Notes (optional)</label>
        <InputTextarea
          id={notesId}
          value={userNotes}
          rows={3}
          maxLength={LIMITS.incidentUserNotesMax}
          onChange={(e) => setUserNotes(e.target.value)}
        />
      </div>
    </ModalDialog>
  );
}

export default ReportIssueDialog;
