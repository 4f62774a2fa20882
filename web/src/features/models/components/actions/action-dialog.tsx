import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ReactNode } from 'react';

interface ActionDialogProps {
  header: string;
  confirmLabel: string;
  width: string;
  busy: boolean;
  danger?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onHide: () => void;
  children: ReactNode;
}

/** The frame shared by the sidebar's delete, retire and publish dialogs: Cancel plus one action. */
export function ActionDialog(props: ActionDialogProps) {
  return (
    <Dialog
      header={props.header}
      visible
      onHide={props.onHide}
      style={{ width: props.width, maxWidth: '95vw' }}
      draggable={false}
      footer={
        <div className="mr-dialog-footer">
          <Button type="button" label="Cancel" outlined onClick={props.onHide} />
          <Button
            type="button"
            label={props.confirmLabel}
            {...(props.danger ? { severity: 'danger' as const } : {})}
            loading={props.busy}
            disabled={props.confirmDisabled}
            onClick={props.onConfirm}
          />
        </div>
      }
    >
      {props.children}
    </Dialog>
  );
}
