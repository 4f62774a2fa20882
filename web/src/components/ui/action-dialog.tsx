import type { ReactNode } from 'react';
import { DialogFooter, type DialogFooterProps } from './dialog-footer';
import { ModalDialog } from './modal-dialog';

export interface ActionDialogProps extends Omit<DialogFooterProps, 'onCancel'> {
  header: string;
  /** CSS width; the dialog never takes more than 95% of the viewport. */
  width: string;
  /** Closing the dialog (×, Escape) and Cancel. */
  onHide: () => void;
  maximizable?: boolean;
  /** The header moves the dialog (as the editing dialogs of the detail page always did). */
  draggable?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog with one action: the header, the content and a {@link DialogFooter}. Rendered only
 * while open (it is always `visible`).
 */
export function ActionDialog({
  header,
  width,
  onHide,
  maximizable,
  draggable = false,
  children,
  ...footer
}: ActionDialogProps) {
  return (
    <ModalDialog
      header={header}
      visible
      onHide={onHide}
      style={{ width, maxWidth: '95vw' }}
      maximizable={maximizable}
      draggable={draggable}
      footer={<DialogFooter onCancel={onHide} {...footer} />}
    >
      {children}
    </ModalDialog>
  );
}
