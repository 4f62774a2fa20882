import { MESSAGES } from '@shared/messages';
import type { ModelDetail } from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { markAccessRequested, useAccessRequested } from '../../../../api/access-requested';
import { RequestAccessDialog } from '../../../../components/ui/request-access-dialog/request-access-dialog';

/**
 * 'Request Access' on the model detail page, for callers who may only preview the entry (000 §4:
 * only without access; disabled after a successful request). Renders nothing for everyone else.
 */
export function RequestModelAccessButton({
  model,
}: {
  model: Pick<ModelDetail, 'uuid' | 'name' | 'permissions'>;
}) {
  const requested = useAccessRequested(model.uuid);
  const [open, setOpen] = useState(false);
  if (model.permissions.requestAccess !== 'allowed') return null;
  return (
    <>
      <Button
        type="button"
        label={MESSAGES.requestAccess}
        icon="pi pi-lock-open"
        size="small"
        disabled={requested}
        title={requested ? 'Your request has been sent' : undefined}
        onClick={() => setOpen(true)}
      />
      {open && (
        <RequestAccessDialog
          target={{ kind: 'model', modelUuid: model.uuid, modelName: model.name }}
          onHide={() => setOpen(false)}
          onSent={() => markAccessRequested(model.uuid)}
        />
      )}
    </>
  );
}
