import type { ModelDetail } from '@shared/schemas/model-api';
import { ModelAccessDialog } from '../../features/access/components/access/model-access-dialog';
import { GrantLinkHandler } from '../../features/access/components/access-requests/grant-link-handler';
import { RequestModelAccessButton } from '../../features/access/components/access-requests/request-model-access-button';
import type { DetailPanels } from '../../features/entry/components/detail/detail-panels';
import { ModelDetailPage } from '../../features/entry/components/detail/model-detail-page';
import { DownloadModelDialog } from '../../features/files/components/download/download-model-dialog';
import { FilesDialog } from '../../features/files/components/files/files-dialog';
import { FolderView } from '../../features/files/components/files/folder-view';
import { FileSourceDialog } from '../../features/source-control';
import { EditLineageDialog, TextDiffView, VersionControlTab } from '../../features/versions';

/** Editing › Files with the file source mode (000 §4): source control when the entry links a repository. */
function FilesWithSourceDialog(props: { model: ModelDetail; onHide: () => void }) {
  return <FileSourceDialog {...props} LocalUpload={FilesDialog} DiffView={TextDiffView} />;
}

const panels: DetailPanels = {
  FolderView,
  FilesDialog: FilesWithSourceDialog,
  DownloadDialog: DownloadModelDialog,
  AccessDialog: ModelAccessDialog,
  RequestAccessButton: RequestModelAccessButton,
  GrantLinkHandler,
  VersionControlTab,
  LineageDialog: EditLineageDialog,
};

/** /model/:uuid/detail (000 §2): the entry's detail page with the files', access and versions panels. */
export function ModelDetailRoute() {
  return <ModelDetailPage panels={panels} />;
}

export default ModelDetailRoute;
