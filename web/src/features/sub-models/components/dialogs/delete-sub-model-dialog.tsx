import type { SubModelView } from '@shared/schemas/sub-models-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { DeleteSubModelFormSchema } from '@shared/sub-models/sub-model';
import { Checkbox } from 'primereact/checkbox';
import { useId, useState } from 'react';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { notify } from '../../../../lib/message-stack';
import { useDeleteSubModel } from '../../api/sub-models-api';
import './dialogs.css';

/**
 * Delete sub-model (spec 001 §2): the confirm tick 'I confirm that this sub-model will be permanently
 * deleted.' enables 'Delete sub-model'. Its instances, groups and definitions go with it (server).
 */
export function DeleteSubModelDialog({
  modelUuid,
  subModel,
  onHide,
  onDeleted,
}: {
  modelUuid: string;
  subModel: Pick<SubModelView, 'id' | 'name'>;
  onHide: () => void;
  onDeleted: () => void;
}) {
  const [confirm, setConfirm] = useState(false);
  const deletion = useDeleteSubModel(modelUuid);
  const checkId = useId();
  const confirmed = DeleteSubModelFormSchema.safeParse({ confirm }).success;

  const remove = () => {
    if (!confirmed) return;
    deletion.mutate(subModel.id, {
      onSuccess: () => {
        notify.success(SUB_MODEL_MESSAGES.subModelDeleted);
        onDeleted();
      },
    });
  };

  return (
    <ActionDialog
      header="Delete Sub-model"
      width="40rem"
      onHide={onHide}
      confirmLabel={SUB_MODEL_MESSAGES.deleteSubModelButton}
      confirmIcon="pi pi-trash"
      danger
      busy={deletion.isPending}
      confirmDisabled={!confirmed}
      onConfirm={remove}
    >
      <p>
        The sub-model <strong>{subModel.name}</strong>, its input definitions, groups and instances will be
        deleted.
      </p>
      <div className="mr-confirm">
        <Checkbox inputId={checkId} checked={confirm} onChange={(e) => setConfirm(Boolean(e.checked))} />
        <label htmlFor={checkId}>{SUB_MODEL_MESSAGES.deleteSubModelConfirm}</label>
      </div>
    </ActionDialog>
  );
}
