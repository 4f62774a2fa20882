import { MESSAGES } from '@shared/messages';
import { ConfirmDialog } from 'primereact/confirmdialog';

export interface ConfirmMainFileDeleteProps {
  /** The main model files about to go (comma-separated); undefined while nothing is asked. */
  names: string | undefined;
  onAccept: () => void;
  /** Closes the question (after Delete, on Cancel, ×, Escape). */
  onHide: () => void;
}

/** 'Delete main model file' (000 §4): deleting a main model file asks first, here and in the wizard. */
export function ConfirmMainFileDelete({ names, onAccept, onHide }: ConfirmMainFileDeleteProps) {
  return (
    <ConfirmDialog
      visible={names !== undefined}
      onHide={onHide}
      header="Delete main model file"
      message={names === undefined ? '' : MESSAGES.mainFileDeleteConfirm(names)}
      icon="pi pi-exclamation-triangle"
      acceptLabel="Delete"
      rejectLabel="Cancel"
      accept={() => {
        onAccept();
        onHide();
      }}
      reject={onHide}
    />
  );
}
