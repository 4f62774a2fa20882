import { MESSAGES } from '@shared/messages';
import { ACCESS_REQUEST_REASONS, OTHER_REASON } from '@shared/schemas/collaboration';
import { useMutation } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { type FormEvent, type JSX, useId, useState } from 'react';
import { notifyFailure, requestFileAccess, requestModelAccess } from '../../../api/access';
import {
  type AccessRequestReason,
  accessRequestBody,
  validateAccessRequest,
} from '../../../lib/access-validation';
import { notify } from '../../../lib/message-stack';
import { ActionDialog } from '../action-dialog';
import { TextAreaField } from '../text-area-field';
import './request-access-dialog.css';

export type RequestAccessTarget =
  | { kind: 'model'; modelUuid: string; modelName: string }
  | { kind: 'file'; modelUuid: string; fileUuid: string; fileName: string };

export interface RequestAccessDialogProps {
  target: RequestAccessTarget;
  onHide: () => void;
  /** Called after the request was sent (before `onHide`). */
  onSent?: () => void;
}

const DETAILS_MAX = 2000;

/**
 * Request Access to a model or to one file (000 §2, §5): one or more of the four reasons as
 * checkboxes; 'Other' asks for details. Submit stays disabled until the form is valid. The server
 * mails the managers (and for a file its owner) a grant link; when that mail fails it records the
 * request, notifies them in the app and says so, which is shown as a warning.
 */
export function RequestAccessDialog({ target, onHide, onSent }: RequestAccessDialogProps): JSX.Element {
  const [reasons, setReasons] = useState<AccessRequestReason[]>([]);
  const [details, setDetails] = useState('');
  const [touched, setTouched] = useState({ reasons: false, details: false });
  const id = useId();
  const errors = validateAccessRequest(reasons, details);
  const valid = Object.keys(errors).length === 0;
  const other = reasons.includes(OTHER_REASON);

  const mutation = useMutation({
    mutationFn: () => {
      const body = accessRequestBody(reasons, details);
      return target.kind === 'model'
        ? requestModelAccess(target.modelUuid, body)
        : requestFileAccess(target.modelUuid, target.fileUuid, body);
    },
    onSuccess: (sent) => {
      // Recorded, but the e-mail did not go out (the server notified the recipients in the app).
      if (sent.mailSent === false) notify.warning(sent.message ?? MESSAGES.accessRequestMailFailed, 'long');
      else
        notify.success(
          target.kind === 'model' ? MESSAGES.modelAccessRequestSent : MESSAGES.fileAccessRequestSent,
          'long',
        );
      onSent?.();
      onHide();
    },
    onError: (error) => notifyFailure(MESSAGES.failedToRequestAccess, error),
  });

  const toggle = (reason: AccessRequestReason, checked: boolean) => {
    const next = new Set(reasons);
    if (checked) next.add(reason);
    else next.delete(reason);
    // Kept in the spec's order, whatever order they were ticked in.
    setReasons(ACCESS_REQUEST_REASONS.filter((r) => next.has(r)));
    // Ticking 'Other' asks for details at once: Submit stays disabled until they are given, and
    // without the message the user would not learn why (issue 21 §26).
    setTouched((t) => ({ reasons: true, details: t.details || (reason === OTHER_REASON && checked) }));
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched({ reasons: true, details: true });
    if (valid && !mutation.isPending) mutation.mutate();
  };

  const reasonsError = touched.reasons ? errors.reasons : undefined;
  const detailsError = other && touched.details ? errors.details : undefined;
  const subject = target.kind === 'model' ? target.modelName : target.fileName;

  return (
    <ActionDialog
      header={MESSAGES.requestAccess}
      width="40rem"
      onHide={onHide}
      confirmLabel="Submit"
      confirmIcon="pi pi-send"
      form={`${id}-form`}
      busy={mutation.isPending}
      confirmDisabled={!valid}
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <p>
          {target.kind === 'model' ? 'Ask the managers of the model entry ' : 'Ask the owner of the file '}
          <strong>{subject}</strong> for access.
        </p>
        <fieldset
          className="mr-access-reasons"
          aria-invalid={Boolean(reasonsError)}
          aria-describedby={reasonsError ? `${id}-reasons-error` : undefined}
        >
          <legend>Reason *</legend>
          {ACCESS_REQUEST_REASONS.map((reason, index) => (
            <div key={reason} className="mr-access-reasons__option">
              <Checkbox
                inputId={`${id}-reason-${index}`}
                checked={reasons.includes(reason)}
                invalid={Boolean(reasonsError)}
                onChange={(e) => toggle(reason, Boolean(e.checked))}
              />
              <label htmlFor={`${id}-reason-${index}`}>{reason}</label>
            </div>
          ))}
          {reasonsError && (
            <small id={`${id}-reasons-error`} className="mr-error-text" role="alert">
              {reasonsError}
            </small>
          )}
        </fieldset>
        {other && (
          <TextAreaField
            label="Details *"
            value={details}
            rows={4}
            maxLength={DETAILS_MAX}
            error={detailsError}
            onChange={(value) => {
              setDetails(value);
              setTouched((t) => ({ ...t, details: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, details: true }))}
          />
        )}
      </form>
    </ActionDialog>
  );
}
