import { paths } from '../config/paths';
import { notify } from './message-stack';

/**
 * After an ownership transfer the page reloads on the folder tab (000 §4). A reload starts the app
 * afresh and would drop the success message, so the message waits in sessionStorage and the
 * detail page shows it once it has loaded ({@link showMessageAfterReload}). Its own module so that
 * tests can replace the reload.
 */
export const AFTER_RELOAD_KEY = 'mr.afterReload.message';

interface PendingMessage {
  modelUuid: string;
  text: string;
}

export function reloadOnFolderTab(modelUuid: string, successText: string): void {
  const pending: PendingMessage = { modelUuid, text: successText };
  window.sessionStorage.setItem(AFTER_RELOAD_KEY, JSON.stringify(pending));
  window.location.assign(paths.modelDetail.getHref(modelUuid, 'folder'));
}

/** Shows (once) the success message a reload of this entry's page left behind. */
export function showMessageAfterReload(modelUuid: string): void {
  const raw = window.sessionStorage.getItem(AFTER_RELOAD_KEY);
  if (!raw) return;
  const pending = parse(raw);
  // A message for another entry waits for that entry's page; anything unreadable goes.
  if (pending && pending.modelUuid !== modelUuid) return;
  window.sessionStorage.removeItem(AFTER_RELOAD_KEY);
  if (pending) notify.success(pending.text);
}

function parse(raw: string): PendingMessage | undefined {
  try {
    const value = JSON.parse(raw) as Partial<PendingMessage>;
    return typeof value.modelUuid === 'string' && typeof value.text === 'string'
      ? { modelUuid: value.modelUuid, text: value.text }
      : undefined;
  } catch {
    return undefined;
  }
}
