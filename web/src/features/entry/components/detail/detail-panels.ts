import type { ModelDetail } from '@shared/schemas/model-api';
import type { ComponentType } from 'react';
import type { Actor } from '../../../../components/ui/role-editor/role-state';

/**
 * What the detail page shows of the files and access features: the Folder View tab, the Files and
 * Model Access dialogs of the sidebar, the header's Download and Request Access, and the grant links
 * (`?role=..` / `?file=..`) the page answers. Features do not import each other (docs/development.md,
 * Layers): web/src/app/routes/model-detail-route.tsx passes them in.
 */
export interface DetailPanels {
  FolderView: ComponentType<{ model: ModelDetail }>;
  FilesDialog: ComponentType<{ model: ModelDetail; onHide: () => void }>;
  DownloadDialog: ComponentType<{ uuid: string | undefined; visible: boolean; onHide: () => void }>;
  AccessDialog: ComponentType<{ model: ModelDetail; actor: Actor; onHide: () => void }>;
  RequestAccessButton: ComponentType<{ model: ModelDetail }>;
  GrantLinkHandler: ComponentType<{ model: ModelDetail }>;
}
