import { MESSAGES } from '@shared/messages';
import { blocksPublish, checkPublishIssues } from '@shared/rules/publish-checks';
import type { ModelDetail } from '@shared/schemas/model-api';
import { useState } from 'react';
import { type PublishIssue, PublishRefusedError, usePublishModel } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { notify } from '../../../../lib/message-stack';

interface PublishModelDialogProps {
  uuid: string;
  name: string;
  rev?: number;
  /** The entry as loaded: its publish checks are shown before the user confirms (issue 21 §23). */
  model?: Pick<ModelDetail, 'metadata' | 'roles' | 'fileCount'>;
  onHide: () => void;
}

/**
 * The checks the server runs on publish (shared/rules/publish-checks.ts), from the loaded entry. Only
 * the parent's validity (visible, not retired) is the server's alone: its refusal still shows below.
 */
function checksOf(model: NonNullable<PublishModelDialogProps['model']>): PublishIssue[] {
  return checkPublishIssues({
    metadata: model.metadata,
    ...(model.roles.vestLead ? { vestLead: model.roles.vestLead } : {}),
    ...(model.roles.steward ? { steward: model.roles.steward } : {}),
    fileCount: model.fileCount,
    parentSelected: Boolean(model.metadata.tree_parent_id),
  });
}

const SEVERITY_LABELS: Record<PublishIssue['severity'], string> = {
  ERROR_CREATE: 'Error',
  ERROR_PUBLISH: 'Blocks publishing',
  WARNING: 'Warning',
};

/**
 * Publish Model Entry: cannot be undone. The publish checks of the loaded entry show before the user
 * confirms, and Publish stays off while they block (000 §4-5); a refusal of the server (422) replaces
 * them with its own issues.
 */
export function PublishModelDialog({ uuid, name, rev, model, onHide }: PublishModelDialogProps) {
  const [refused, setRefused] = useState<PublishIssue[] | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const issues = refused ?? (model ? checksOf(model) : undefined);
  const blocked = refused !== undefined || (issues !== undefined && blocksPublish(issues));
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
            setRefused(error.issues);
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
      confirmDisabled={blocked}
      onConfirm={submit}
      onHide={onHide}
    >
      <p>
        Publish <strong>{name}</strong>? Publishing cannot be undone.
      </p>
      {issues !== undefined && issues.length > 0 ? (
        <div role={blocked ? 'alert' : 'status'} className="mr-publish-issues">
          {blocked ? (
            <p className="mr-error-text">{refusal ?? 'The model entry cannot be published.'}</p>
          ) : (
            <p>The model entry can be published with these warnings.</p>
          )}
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
