import { MESSAGES } from '@shared/messages';
import { type PendingRegistration, REGISTRATION_TEXTS } from '@shared/schemas/registration';
import { EXTERNAL_USER_TYPE_LABELS } from '@shared/schemas/user';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type JSX, useState } from 'react';
import { Link } from 'react-router-dom';
import { ActionDialog } from '../../../components/ui/action-dialog';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/message-stack';
import { pendingRegistrationsQuery, useReviewRegistrations } from '../api/registrations';
import './registration.css';

export const REJECT_TITLE = 'Reject Request';
const REASON_MAX = 1000;

/**
 * Registration review (002 §2; issue 20 §3): one row per self-registered person with Accept or
 * Reject, and Back to the admin area. Accept creates the account and applies the code's grants;
 * Reject asks for the reason that is mailed to the person. After either: 'Access request reviewed'.
 */
export function RegistrationReviewPage(): JSX.Element {
  usePageTitle(REGISTRATION_TEXTS.reviewTitle);
  const pending = useQuery(pendingRegistrationsQuery());
  const review = useReviewRegistrations();
  const [rejecting, setRejecting] = useState<PendingRegistration>();
  const [reason, setReason] = useState('');
  const [busyEmail, setBusyEmail] = useState<string>();

  const decide = async (person: PendingRegistration, approved: boolean, why?: string) => {
    setBusyEmail(person.email);
    try {
      await review.mutateAsync([{ email: person.email, approved, ...(why ? { reason: why } : {}) }]);
      notify.success(REGISTRATION_TEXTS.reviewed);
      setRejecting(undefined);
      setReason('');
    } catch {
      // The global handler has shown the server's message.
    } finally {
      setBusyEmail(undefined);
    }
  };

  const items = pending.data?.items ?? [];
  return (
    <AdminPageLayout>
      <main className="mr-registration-review">
        <p>
          <Link to={paths.admin.getHref()}>
            <i className="pi pi-arrow-left" aria-hidden="true" /> Back
          </Link>
        </p>
        <h1>{REGISTRATION_TEXTS.reviewTitle}</h1>
        {pending.isPending ? (
          <Spinner label="Loading requests" />
        ) : pending.isError ? (
          <p role="alert" className="mr-error-text">
            {MESSAGES.unknownError}
          </p>
        ) : items.length === 0 ? (
          <p>{REGISTRATION_TEXTS.noRequests}</p>
        ) : (
          <table className="mr-simple-table">
            <thead>
              <tr>
                <th scope="col">First Name</th>
                <th scope="col">Last Name</th>
                <th scope="col">Email</th>
                <th scope="col">Type</th>
                <th scope="col">Registered By</th>
                <th scope="col">Requested On</th>
                <th scope="col">Model Access</th>
                <th scope="col">
                  <span className="mr-visually-hidden">Decision</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((person) => (
                <tr key={person.email}>
                  <td>{person.firstName}</td>
                  <td>{person.lastName}</td>
                  <td>{person.email}</td>
                  <td>{EXTERNAL_USER_TYPE_LABELS[person.externalUserType]}</td>
                  <td>{person.registeredByName ?? person.registeredBy}</td>
                  <td>{person.submittedAt ? formatDateTime(person.submittedAt) : ''}</td>
                  <td>
                    <ul className="mr-registration-review__models">
                      {person.modelAccesses.map((a) => (
                        <li key={a.modelUuid}>
                          {a.modelName} ({a.modelRole.toLowerCase()}
                          {a.subModels > 0 ? `, ${a.subModels} sub-models` : ''})
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <div className="mr-registration-review__actions">
                      <Button
                        label="Accept"
                        size="small"
                        aria-label={`Accept ${person.firstName} ${person.lastName}`}
                        loading={busyEmail === person.email && !rejecting}
                        disabled={busyEmail !== undefined}
                        onClick={() => void decide(person, true)}
                      />
                      <Button
                        label="Reject"
                        size="small"
                        severity="danger"
                        outlined
                        aria-label={`Reject ${person.firstName} ${person.lastName}`}
                        disabled={busyEmail !== undefined}
                        onClick={() => setRejecting(person)}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {rejecting && (
          <ActionDialog
            header={REJECT_TITLE}
            width="32rem"
            onHide={() => {
              setRejecting(undefined);
              setReason('');
            }}
            confirmLabel="Reject"
            danger
            busy={busyEmail === rejecting.email}
            confirmDisabled={reason.trim() === ''}
            confirmTitle={reason.trim() === '' ? REGISTRATION_TEXTS.rejectionReasonRequired : undefined}
            onConfirm={() => void decide(rejecting, false, reason.trim())}
          >
            <p>
              Reject the request of {rejecting.firstName} {rejecting.lastName} ({rejecting.email})? The reason
              is sent to them.
            </p>
            <TextAreaField
              label="Reason"
              value={reason}
              onChange={setReason}
              error={undefined}
              rows={4}
              maxLength={REASON_MAX}
              autoFocus
            />
          </ActionDialog>
        )}
      </main>
    </AdminPageLayout>
  );
}

export default RegistrationReviewPage;
