import { ShareModelDialog } from '../../features/access/components/access-requests/share-model-dialog';
import type { CataloguePanels } from '../../features/catalogue/components/catalogue-panels';
import { ModelEntriesPage } from '../../features/catalogue/components/list/model-entries-page';
import {
  type ListActionPanels,
  ModelActionSidebar,
  type ModelActionSidebarProps,
} from '../../features/entry/components/actions/model-action-sidebar';
import { DownloadModelDialog } from '../../features/files/components/download/download-model-dialog';

const actionPanels: ListActionPanels = { ShareDialog: ShareModelDialog, DownloadDialog: DownloadModelDialog };

/** The list's action sidebar (entry) with the access feature's Share and the files feature's Download. */
export function ListActionSidebar(props: Omit<ModelActionSidebarProps, 'panels'>) {
  return <ModelActionSidebar {...props} panels={actionPanels} />;
}

const panels: CataloguePanels = { ActionSidebar: ListActionSidebar, DownloadDialog: DownloadModelDialog };

/** /model (000 §2): the catalogue's list, composed with the entry's actions and the files' download. */
export function ModelEntriesRoute() {
  return <ModelEntriesPage panels={panels} />;
}

export default ModelEntriesRoute;
