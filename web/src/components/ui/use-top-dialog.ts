import { useEffect, useLayoutEffect, useState } from 'react';

/**
 * The dialog on top of all others, if any: PrimeReact renders each dialog in a `.p-dialog-mask`
 * appended to <body>, and stacks later ones above earlier ones (a higher z-index on the mask).
 * A mask that is closing (`p-component-overlay-leave`) no longer counts.
 */
export function topDialog(): HTMLElement | undefined {
  let top: HTMLElement | undefined;
  let topZ = Number.NEGATIVE_INFINITY;
  for (const mask of document.body.querySelectorAll<HTMLElement>(':scope > .p-dialog-mask')) {
    const dialog = mask.querySelector<HTMLElement>(':scope > .p-dialog');
    if (!dialog || mask.classList.contains('p-component-overlay-leave')) continue;
    const z = Number(mask.style.zIndex) || 0;
    if (z >= topZ) {
      top = dialog;
      topZ = z;
    }
  }
  return top;
}

/**
 * Follows {@link topDialog} while `active` (a MutationObserver sees dialogs open and close). Only
 * while active: observing the whole page is not free.
 */
export function useTopDialog(active: boolean): HTMLElement | undefined {
  const [dialog, setDialog] = useState<HTMLElement | undefined>();
  useEffect(() => {
    if (!active) {
      setDialog(undefined);
      return;
    }
    const find = () => setDialog(topDialog());
    find();
    const observer = new MutationObserver(find);
    // The subtree too: PrimeReact adds a dialog to its mask a render after the mask itself.
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [active]);
  return dialog;
}

/**
 * A box for messages that must show with `dialog` without covering any of it: a band in the dialog's
 * own flow, between its header (title, maximize and close buttons) and its content, so the content
 * and the footer's buttons move down instead of lying under a message (issue 21 §3, §15: the status
 * messages covered 'Cancel the execution of …?' and its button, an error covered the Report Issue
 * form). The band scrolls past a few messages, so a long stack cannot push the footer out of view.
 * It lives inside the dialog element, so it is part of the modal for screen readers and for the
 * keyboard, and it stacks with the dialog above everything the dialog covers.
 */
export function useDialogOverlayHost(dialog: HTMLElement | undefined): HTMLElement | undefined {
  const [host, setHost] = useState<HTMLElement | undefined>();
  useLayoutEffect(() => {
    if (!dialog) {
      setHost(undefined);
      return;
    }
    const box = document.createElement('div');
    box.className = 'mr-dialog-message-band';
    const header = dialog.querySelector<HTMLElement>(':scope > .p-dialog-header');
    dialog.insertBefore(box, header ? header.nextSibling : dialog.firstChild);
    setHost(box);
    return () => box.remove();
  }, [dialog]);
  return host;
}
