import { Dialog, type DialogProps } from 'primereact/dialog';
import { type KeyboardEvent, useLayoutEffect, useState } from 'react';

/** The maximize button's names (PrimeReact 10 renders it without one). */
export const MAXIMIZE_LABELS = { maximize: 'Maximize', restore: 'Restore size' } as const;

/** A pop-up of PrimeReact's inputs, appended to the body while open. */
const POPUP_PANEL =
  '.p-dropdown-panel, .p-multiselect-panel, .p-autocomplete-panel, .p-datepicker, .p-connected-overlay';

/**
 * Whether a key pressed at `target` belongs to an open pop-up inside the dialog: focus in the pop-up
 * itself, or on an input whose pop-up is open (PrimeReact's dropdown keeps focus on a hidden input
 * and marks its trigger `aria-expanded="true"`; the key arrives before the pop-up closes).
 */
function inOpenPopup(target: EventTarget): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(`${POPUP_PANEL}, [aria-expanded="true"]`)) return true;
  return target.closest('.p-inputwrapper')?.querySelector('[aria-expanded="true"]') != null;
}

/**
 * Escape in an open pop-up closes the pop-up only (issue 21 §7). PrimeReact's dialog listens for
 * Escape on the document and closes whatever the dropdown did with the key, so the key stops here,
 * before it reaches the document; with no pop-up open it goes on and closes the dialog.
 */
function keepEscapeInPopup(event: KeyboardEvent) {
  if (event.key === 'Escape' && inOpenPopup(event.target)) event.stopPropagation();
}

/**
 * Focus goes back to the control that opened the dialog once it closes (issue 21 §7, §16). Our
 * dialogs are unmounted when they close, so PrimeReact's own return of focus (on its hide animation)
 * never runs; this remembers the focused element when the dialog mounts and focuses it again after,
 * unless the user moved focus elsewhere meanwhile or the control is gone (a menu item, say).
 */
export function useReturnFocus(): void {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (!(opener instanceof HTMLElement) || opener === document.body) return;
      // After the dialog's nodes left the document, when focus has fallen back to the body.
      setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener.isConnected) opener.focus();
      }, 0);
    };
  }, []);
}

/**
 * The app's modal dialog: PrimeReact's Dialog, plus Escape that first closes an open pop-up, focus
 * returned to the opener, and a named maximize button. Every dialog of the app uses it (directly or
 * through ActionDialog).
 */
export function ModalDialog({ children, maximizable, pt, ...props }: DialogProps) {
  useReturnFocus();
  const [maximized, setMaximized] = useState(false);
  return (
    <Dialog
      {...props}
      maximizable={maximizable}
      {...(maximizable ? { maximized, onMaximize: (e) => setMaximized(e.maximized) } : {})}
      pt={{
        ...pt,
        maximizableButton: {
          'aria-label': maximized ? MAXIMIZE_LABELS.restore : MAXIMIZE_LABELS.maximize,
        },
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: not an interaction, only keeps Escape in a pop-up */}
      <div className="mr-modal-dialog__content" onKeyDown={keepEscapeInPopup}>
        {children}
      </div>
    </Dialog>
  );
}
