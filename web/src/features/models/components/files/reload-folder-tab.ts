import { paths } from '../../../../config/paths';

/**
 * After an ownership transfer the page reloads on the folder tab (000 §4). The short delay lets the
 * user read 'File Ownership has been granted to {name}' first. Its own module so that tests can
 * replace it.
 */
export const RELOAD_DELAY_MS = 1500;

export function reloadOnFolderTab(modelUuid: string): void {
  window.setTimeout(
    () => window.location.assign(paths.modelDetail.getHref(modelUuid, 'folder')),
    RELOAD_DELAY_MS,
  );
}
