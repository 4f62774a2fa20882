import type { ModelDetail, ModelPermissions } from '@shared/schemas/model-api';
import type { ComponentType } from 'react';
import type { Actor } from '../../../../components/ui/role-editor/role-state';

/**
 * What the detail page shows of the files, access and versions features: the Folder View and
 * Version Control tabs, the Files, Model Access and Lineage dialogs of the sidebar, the header's
 * Download and Request Access, and the grant links (`?role=..` / `?file=..`) the page answers.
 * Features do not import each other (docs/development.md, Layers):
 * web/src/app/routes/model-detail-route.tsx passes them in.
 */
export interface DetailPanels {
  FolderView: ComponentType<{ model: ModelDetail }>;
  FilesDialog: ComponentType<{ model: ModelDetail; onHide: () => void }>;
  DownloadDialog: ComponentType<{ uuid: string | undefined; visible: boolean; onHide: () => void }>;
  AccessDialog: ComponentType<{ model: ModelDetail; actor: Actor; onHide: () => void }>;
  RequestAccessButton: ComponentType<{ model: ModelDetail }>;
  GrantLinkHandler: ComponentType<{ model: ModelDetail }>;
  /** The Version Control tab and the Editing group's Lineage dialog (web/src/features/versions). */
  VersionControlTab: ComponentType<{ model: ModelDetail; permissions: ModelPermissions }>;
  LineageDialog: ComponentType<{ model: ModelDetail; onHide: () => void }>;
}
