import { MESSAGES } from '@shared/messages';
import { useState } from 'react';
import { type PublishIssue, PublishRefusedError, usePublishModel } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { notify } from '../../../../lib/message-stack';

interface PublishModelDialogProps {
  uuid: string;
  name: string;
  rev?: number;
  onHide: () => void;
}

const SEVERITY_LABELS: Record<PublishIssue['severity'], string> = {
  ERROR_CREATE: 'Error',
  ERROR_PUBLISH: 'Blocks publishing',
  WARNING: 'Warning',
};

/** Publish Model Entry: cannot be undone; a refusal (422) lists the blocking issues (000 §4-5). */
export function PublishModelDialog({ uuid, name, rev, onHide }: PublishModelDialogProps) {
  const [issues, setIssues] = useState<PublishIssue[] | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const mutation = usePublishModel();

  const submit = () =>
    mutation.mutate(
      { uuid, rev },
      {
        onSuccess: () => {
          notify.success(MESSAGES.modelPublished);
          onHide();
        },
        onError: (error) => {
          if (error instanceof PublishRefusedError) {
            setRefusal(error.message);
            setIssues(error.issues);
          }
        },
      },
    );

  return (
    <ActionDialog
      header="Publish Model Entry"
      confirmLabel="Publish"
      width="36rem"
      busy={mutation.isPending}
      confirmDisabled={issues !== undefined}
      onConfirm={submit}
      onHide={onHide}
    >
      <p>
        Publish <strong>{name}</strong>? Publishing cannot be undone.
      </p>
      {issues !== undefined ? (
        <div role="alert" className="mr-publish-issues">
          <p className="mr-error-text">{refusal ?? 'The model entry cannot be published.'}</p>
          <ul>
            {issues.map((issue) => (
              <li
                key={`${issue.severity}:${issue.message}`}
                className={`mr-publish-issue--${issue.severity}`}
              >
                <strong>{SEVERITY_LABELS[issue.severity]}:</strong> {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </ActionDialog>
  );
}
