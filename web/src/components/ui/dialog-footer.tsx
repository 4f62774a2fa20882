import { Button } from 'primereact/button';
import { useId } from 'react';

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
   * Why the primary action is not possible. While the action is disabled it is written beside the
   * buttons and describes the button (a hover title alone reached neither keyboard users nor anyone
   * who did not think to hover, issue 21 §18); otherwise it is the button's hover title.
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
  const reasonId = useId();
  const why = confirmDisabled && confirmTitle ? confirmTitle : undefined;
  const confirm = (
    <Button
      aria-describedby={why ? reasonId : undefined}
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
      {why && (
        <span id={reasonId} className="mr-dialog-footer__reason">
          {why}
        </span>
      )}
      <Button type="button" label={cancelLabel} outlined disabled={cancelDisabled} onClick={onCancel} />
      {confirmTitle === undefined || why ? confirm : <span title={confirmTitle}>{confirm}</span>}
    </div>
  );
}
