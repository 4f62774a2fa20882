import { MESSAGES } from '@shared/messages';
import { WEBMODEL_PLATFORM } from '@shared/rules/model-roles';
import { MODEL_STATUS_LABELS } from '@shared/schemas/model';
import type { ModelDetail } from '@shared/schemas/model-api';
import { visibleSections } from '@shared/sub-models/sub-model-access';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { modelDetailQuery } from '../../../../api/models';
import { ClassificationIcon } from '../../../../components/ui/classification/classification';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { HOME_HREF, paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/current-user';
import { showMessageAfterReload } from '../../../../lib/reload-folder-tab';
import { NewVersionWizard } from '../new-version/new-version-wizard';
import type { DetailPanels } from './detail-panels';
import { type DetailAction, DetailSidebar, VERSION_CONTROL_BLOCK } from './detail-sidebar';
import { type DetailTab, DetailTabs } from './detail-tabs';
import { EditMetadataDialog, EditSuffixDialog } from './edit-dialogs';
import { DownloadEntryButton, PersonCards, TextView } from './text-view';
import './model-detail.css';

export type DetailTabKey = 'text' | 'folder' | 'version';

/** The tabs with their disabled reasons (000 §2: folder view needs file permission, version control its own). */
export function detailTabs(model: ModelDetail, previewOnly: boolean): DetailTab<DetailTabKey>[] {
  return [
    { key: 'text', label: 'Text View' },
    {
      key: 'folder',
      label: 'Folder View',
      disabledReason:
        previewOnly || model.permissions.folderView !== 'allowed'
          ? 'You do not have permission to see the files of this model entry'
          : undefined,
    },
    {
      key: 'version',
      label: 'Version Control',
      disabledReason:
        previewOnly || model.permissions.versionControl !== 'allowed' ? VERSION_CONTROL_BLOCK : undefined,
    },
  ];
}

/** A caller who may only preview general information (no role on the entry). */
export const isPreviewOnly = (model: ModelDetail) =>
  model.permissions.view !== 'allowed' && model.permissions.preview === 'allowed';

function NotFound() {
  const navigate = useNavigate();
  usePageTitle('Model Detail');
  return (
    <section className="mr-error-page">
      <i className="pi pi-compass mr-error-page__icon" aria-hidden="true" />
      <h1>{MESSAGES.notFound}</h1>
      <p>{MESSAGES.entryNotFoundOrNoAccess}</p>
      <Button label="Home page" icon="pi pi-home" onClick={() => navigate(HOME_HREF)} />
    </section>
  );
}

/**
 * /model/:uuid/detail (000 §2): Text View, Folder View, Version Control; cards; the action sidebar.
 * The files', access and versions panels come from web/src/app (`panels`): features do not import
 * each other.
 */
export function ModelDetailPage({ panels }: { panels: DetailPanels }) {
  const {
    FolderView,
    FilesDialog,
    DownloadDialog,
    AccessDialog,
    RequestAccessButton,
    GrantLinkHandler,
    VersionControlTab,
    LineageDialog,
  } = panels;
  const { uuid = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const query = useQuery(modelDetailQuery(uuid));
  const [maximized, setMaximized] = useState(false);
  const [dialog, setDialog] = useState<DetailAction | 'download' | undefined>();
  const [focusTab, setFocusTab] = useState<DetailTabKey | undefined>();
  usePageTitle('Model Detail');
  const loaded = query.isSuccess;
  // A success message that a reload of this page (ownership transfer) left to show.
  useEffect(() => {
    if (loaded) showMessageAfterReload(uuid);
  }, [loaded, uuid]);

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    // A 403 has already sent the user to the model list (global rule); a 404 is shown here.
    return query.error instanceof ApiError && query.error.status === 404 ? <NotFound /> : <Spinner />;
  }
  const model = query.data;
  const previewOnly = isPreviewOnly(model);
  const tabs = detailTabs(model, previewOnly);
  const requested = (searchParams.get('tab') ?? 'text') as DetailTabKey;
  const active: DetailTabKey = tabs.some((t) => t.key === requested && !t.disabledReason)
    ? requested
    : 'text';

  const selectTab = (tab: DetailTabKey) => {
    const next = new URLSearchParams(searchParams);
    if (tab === 'text') next.delete('tab');
    else next.set('tab', tab);
    setSearchParams(next);
  };

  return (
    <div className={maximized ? 'mr-detail mr-detail--maximized' : 'mr-detail'}>
      <div className="mr-detail__main">
        <header className="mr-detail__header">
          <ClassificationIcon value={model.metadata.information_classification} />
          <h1 className="mr-detail__title">{model.name}</h1>
          <Tag
            value={MODEL_STATUS_LABELS[model.status]}
            severity={
              model.status === 'PUBLISHED' ? 'success' : model.status === 'RETIRED' ? 'secondary' : 'info'
            }
          />
          <RequestAccessButton model={model} />
          <span className="mr-detail__spacer" />
          {!previewOnly && <DownloadEntryButton model={model} onDownload={() => setDialog('download')} />}
          <Button
            label={maximized ? 'Minimize' : 'Maximize'}
            icon={maximized ? 'pi pi-window-minimize' : 'pi pi-window-maximize'}
            text
            aria-pressed={maximized}
            onClick={() => setMaximized((m) => !m)}
          />
        </header>
        {!maximized && <PersonCards model={model} restricted={previewOnly} />}
        <DetailTabs
          label="Overview"
          tabs={tabs}
          active={active}
          onSelect={selectTab}
          focusActive={focusTab === active}
          onFocused={() => setFocusTab(undefined)}
        >
          {active === 'text' && <TextView model={model} previewOnly={previewOnly} />}
          {active === 'folder' && <FolderView model={model} />}
          {active === 'version' && <VersionControlTab model={model} permissions={model.permissions} />}
        </DetailTabs>
      </div>
      {!maximized && !previewOnly && (
        <DetailSidebar
          model={model}
          canCreate={me.permissions.createModel}
          sections={
            model.metadata.platform === WEBMODEL_PLATFORM
              ? visibleSections({ id: me.id, userType: me.userType }, model.roles)
              : undefined
          }
          onAction={(action) => {
            if (action === 'basedOn') navigate(paths.modelUpload.getHref(model.uuid));
            else if (action === 'versions') {
              // The sidebar's Version Control opens the tab, keeping it in the URL (?tab=version) so
              // a reload or a shared link shows it, and moves focus to the tab so that keyboard and
              // screen-reader users land where the content changed.
              selectTab('version');
              setFocusTab('version');
            } else if (action === 'visualization') navigate(paths.visualizationSelection.getHref(model.uuid));
            else if (action === 'scenario' || action === 'calibration' || action === 'display')
              navigate(paths.subModelList.getHref(model.uuid, action));
            else setDialog(action);
          }}
        />
      )}

      {dialog === 'suffix' && <EditSuffixDialog model={model} onHide={() => setDialog(undefined)} />}
      {dialog === 'metadata' && <EditMetadataDialog model={model} onHide={() => setDialog(undefined)} />}
      {dialog === 'files' && <FilesDialog model={model} onHide={() => setDialog(undefined)} />}
      {dialog === 'lineage' && <LineageDialog model={model} onHide={() => setDialog(undefined)} />}
      {dialog === 'newVersion' && (
        <NewVersionWizard
          source={model}
          onHide={() => setDialog(undefined)}
          onCreated={(created) => {
            setDialog(undefined);
            navigate(paths.modelDetail.getHref(created));
          }}
        />
      )}
      {dialog === 'access' && (
        <AccessDialog
          model={model}
          actor={{ id: me.id, userType: me.userType }}
          onHide={() => setDialog(undefined)}
        />
      )}
      <DownloadDialog uuid={model.uuid} visible={dialog === 'download'} onHide={() => setDialog(undefined)} />
      <GrantLinkHandler model={model} />
    </div>
  );
}
