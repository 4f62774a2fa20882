import { Button } from 'primereact/button';

export interface DialogFooterProps {
  onCancel: () => void;
  /** 'Cancel' unless the dialog asks a yes/no question. */
  cancelLabel?: string;
  cancelDisabled?: boolean;
  confirmLabel: string;
  confirmIcon?: string;
  /** Runs the primary action; leave it out when the button submits `form`. */
  onConfirm?: () => void;
  /** The id of the form the primary button submits (Enter in a field submits it too). */
  form?: string;
  /** The primary action is running: its button spins and takes no clicks. */
  busy?: boolean;
  confirmDisabled?: boolean;
  danger?: boolean;
  /**
   * Why the primary action is not possible, shown on hover. It sits on a wrapper: a disabled button
   * gets no pointer events.
   */
  confirmTitle?: string | undefined;
}

/** The footer of a dialog with one action: Cancel (outlined) and the primary button, right-aligned. */
export function DialogFooter({
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled,
  confirmLabel,
  confirmIcon,
  onConfirm,
  form,
  busy,
  confirmDisabled,
  danger,
  confirmTitle,
}: DialogFooterProps) {
  const confirm = (
    <Button
      type={form ? 'submit' : 'button'}
      form={form}
      label={confirmLabel}
      icon={confirmIcon}
      severity={danger ? 'danger' : undefined}
      loading={busy}
      disabled={confirmDisabled}
      onClick={onConfirm}
    />
  );
  return (
    <div className="mr-dialog-footer">
      <Button type="button" label={cancelLabel} outlined disabled={cancelDisabled} onClick={onCancel} />
      {confirmTitle === undefined ? confirm : <span title={confirmTitle}>{confirm}</span>}
    </div>
  );
}
