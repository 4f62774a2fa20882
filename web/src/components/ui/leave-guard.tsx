import { MESSAGES } from '@shared/messages';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { type ReactElement, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Leaving a page with unsaved work asks first (000 §4 wizard: 'By leaving this page all changes will
 * be lost. Do you want to continue?'; issue 21 §11: the parameter and definition editors dropped
 * changes silently). In-app navigation is held by the router's blocker and answered in a dialog
 * whose 'No' has the focus, so Enter keeps the work; closing or reloading the tab gets the browser's
 * own prompt. Changing only the query string (a tab, a selection) is not leaving.
 *
 * `unsaved` may be a function, read when the user leaves: a page that saves and then navigates in the
 * same moment (the wizard) answers from a ref rather than from its last render.
 *
 * Returns the dialog to render. Needs a data router (createBrowserRouter / createMemoryRouter).
 */
export function useLeaveGuard(unsaved: boolean | (() => boolean)): ReactElement {
  const isUnsaved = () => (typeof unsaved === 'function' ? unsaved() : unsaved);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isUnsaved() && currentLocation.pathname !== nextLocation.pathname,
  );
  const watching = typeof unsaved === 'function' || unsaved;
  const latest = useRef(isUnsaved);
  latest.current = isUnsaved;
  useEffect(() => {
    if (!watching) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      e.preventDefault();
      e.returnValue = MESSAGES.leavePageWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [watching]);
  return (
    <ConfirmDialog
      visible={blocker.state === 'blocked'}
      header="Leave this page?"
      message={MESSAGES.leavePageWarning}
      icon="pi pi-exclamation-triangle"
      acceptLabel="Yes"
      rejectLabel="No"
      // 'Yes' discards the work: Enter must keep it.
      defaultFocus="reject"
      onHide={() => blocker.reset?.()}
      accept={() => blocker.proceed?.()}
      reject={() => blocker.reset?.()}
    />
  );
}
