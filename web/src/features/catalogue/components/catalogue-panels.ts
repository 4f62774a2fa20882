import type { ComponentType } from 'react';

/** The props of the files feature's 'Download Model Entry' dialog, as the catalogue opens it. */
export type DownloadDialogProps = { uuid: string | undefined; visible: boolean; onHide: () => void };

/**
 * What the model list shows of other features: the entry's action sidebar (publish, retire, delete,
 * share, download) and the Dynamic View cards' 'Download Model Entry'. Features do not import each
 * other (docs/development.md, Layers): web/src/app/routes/model-entries-route.tsx passes them in.
 */
export interface CataloguePanels {
  ActionSidebar: ComponentType<{
    uuid?: string;
    previewOnly?: boolean;
    onDeleted: () => void;
    onRetired?: () => void;
  }>;
  DownloadDialog: ComponentType<DownloadDialogProps>;
}
