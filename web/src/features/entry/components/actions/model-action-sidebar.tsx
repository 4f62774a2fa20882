import { MESSAGES } from '@shared/messages';
import type { ModelPermissions } from '@shared/schemas/model-api';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type ComponentType, useState } from 'react';
import { getModel, modelKeys } from '../../../../api/models';
import { ReasonedButton } from '../../../../components/ui/reasoned-button';
import { DeleteModelDialog } from './delete-model-dialog';
import { PublishModelDialog } from './publish-model-dialog';
import { RetireModelDialog } from './retire-model-dialog';
import './actions.css';

type ActionKey = 'delete' | 'share' | 'download' | 'publish' | 'retire';

interface ActionDef {
  key: ActionKey;
  label: string;
  icon: string;
  permission: keyof ModelPermissions;
  /** Why the action is disabled when the outcome is 'forbidden'. */
  forbiddenHint: string;
  /** Not built yet: always disabled. */
  placeholder?: string;
}

/** The actions of the list's right-hand sidebar (000 §2), in the spec's order. */
export const LIST_ACTIONS: readonly ActionDef[] = [
  {
    key: 'delete',
    label: 'Delete Model Entry',
    icon: 'pi pi-trash',
    permission: 'deleteDraft',
    forbiddenHint: 'Only draft model entries can be deleted',
  },
  {
    key: 'share',
    label: 'Share Model Entry',
    icon: 'pi pi-share-alt',
    permission: 'share',
    forbiddenHint: 'Only published model entries can be shared',
  },
  {
    key: 'download',
    label: 'Download All Entries',
    icon: 'pi pi-download',
    permission: 'downloadAll',
    forbiddenHint: 'Your role on this model entry does not include downloads',
  },
  {
    key: 'publish',
    label: 'Publish Model Entry',
    icon: 'pi pi-send',
    permission: 'publish',
    forbiddenHint: 'Only draft model entries can be published',
  },
  {
    key: 'retire',
    label: 'Retire Model Entry',
    icon: 'pi pi-ban',
    permission: 'retire',
    forbiddenHint: 'Only published model entries can be retired',
  },
];

const COLLAPSED_KEY = 'mr.modelActions.collapsed';

/**
 * The dialogs of other features the sidebar opens: 'Share Model Entry' (access) and 'Download All
 * Entries' (files). Features do not import each other; web/src/app passes them in.
 */
export interface ListActionPanels {
  ShareDialog: ComponentType<{ model: { uuid: string; name: string }; onHide: () => void }>;
  DownloadDialog: ComponentType<{ uuid: string | undefined; visible: boolean; onHide: () => void }>;
}

export interface ModelActionSidebarProps {
  /** The selected entry; the sidebar follows it. */
  uuid?: string;
  /** The list already knows the caller has no role on the entry: no action applies. */
  previewOnly?: boolean;
  onDeleted: () => void;
  /** The entry was retired (the list may no longer show it). */
  onRetired?: () => void;
  panels: ListActionPanels;
}

/**
 * The list's right action sidebar: 4rem collapsed, 22rem expanded. Outcomes come from the entry's
 * `permissions` (GET /v2/models/{uuid}, shared/rules/model-permissions.ts on the server):
 * 'disallowed' hides an action, 'forbidden' shows it disabled with the reason as tooltip.
 */
export function ModelActionSidebar({
  uuid,
  previewOnly,
  onDeleted,
  onRetired,
  panels: { ShareDialog, DownloadDialog },
}: ModelActionSidebarProps) {
  const [collapsed, setCollapsed] = useState(() => window.localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [open, setOpen] = useState<ActionKey | undefined>();
  const enabled = Boolean(uuid) && !previewOnly;
  // A selection the caller may not read (403) or that is gone (404) just offers no actions.
  const model = useQuery({
    queryKey: modelKeys.detail(uuid ?? ''),
    queryFn: ({ signal }) =>
      getModel(uuid ?? '', { signal, handleErrors: (e) => e.status === 403 || e.status === 404 }),
    enabled,
  });
  const detail = enabled ? model.data : undefined;

  const toggle = () => {
    setCollapsed((c) => {
      window.localStorage.setItem(COLLAPSED_KEY, String(!c));
      return !c;
    });
  };

  const visible = detail ? LIST_ACTIONS.filter((a) => detail.permissions[a.permission] !== 'disallowed') : [];

  return (
    <aside
      className={`mr-action-sidebar ${collapsed ? 'mr-action-sidebar--collapsed' : ''}`}
      aria-label="Model entry actions"
    >
      <Button
        type="button"
        className="mr-action-sidebar__toggle"
        icon={collapsed ? 'pi pi-angle-double-left' : 'pi pi-angle-double-right'}
        text
        aria-label={collapsed ? 'Expand actions' : 'Collapse actions'}
        aria-expanded={!collapsed}
        onClick={toggle}
      />
      {!collapsed ? <h2 className="mr-action-sidebar__title">Actions</h2> : null}
      {!uuid ? (
        !collapsed ? (
          <p className="mr-muted">Select a model entry to see its actions.</p>
        ) : null
      ) : previewOnly ? (
        // A preview-only entry has no actions: say why, in the words of the detail page (issue 21 §26).
        !collapsed ? (
          <p className="mr-muted">{MESSAGES.detailPreviewOnly}</p>
        ) : null
      ) : enabled && model.isPending ? (
        <span className="pi pi-spin pi-spinner" role="status" aria-label="Loading actions" />
      ) : visible.length === 0 ? (
        !collapsed ? (
          <p className="mr-muted">No actions are available for this model entry.</p>
        ) : null
      ) : (
        <ul className="mr-action-sidebar__list">
          {visible.map((action) => {
            const outcome = detail?.permissions[action.permission];
            const disabled = outcome !== 'allowed' || Boolean(action.placeholder);
            const hint = action.placeholder ?? (outcome === 'forbidden' ? action.forbiddenHint : undefined);
            return (
              <li key={action.key}>
                <ReasonedButton
                  type="button"
                  className="mr-action-sidebar__action"
                  icon={action.icon}
                  label={collapsed ? undefined : action.label}
                  aria-label={action.label}
                  text
                  blocked={disabled}
                  reason={hint}
                  tooltip={collapsed ? action.label : undefined}
                  tooltipOptions={{ position: 'left' }}
                  data-hint={disabled ? hint : undefined}
                  onClick={() => setOpen(action.key)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {detail && open === 'delete' ? (
        <DeleteModelDialog
          uuid={detail.uuid}
          name={detail.name}
          onHide={() => setOpen(undefined)}
          onDeleted={() => {
            setOpen(undefined);
            onDeleted();
          }}
        />
      ) : null}
      {detail && open === 'share' ? (
        <ShareDialog model={{ uuid: detail.uuid, name: detail.name }} onHide={() => setOpen(undefined)} />
      ) : null}
      {detail && open === 'publish' ? (
        <PublishModelDialog
          uuid={detail.uuid}
          name={detail.name}
          rev={detail.rev}
          model={detail}
          onHide={() => setOpen(undefined)}
        />
      ) : null}
      {detail && open === 'retire' ? (
        <RetireModelDialog
          uuid={detail.uuid}
          name={detail.name}
          rev={detail.rev}
          onHide={() => setOpen(undefined)}
          onRetired={onRetired}
        />
      ) : null}
      <DownloadDialog uuid={detail?.uuid} visible={open === 'download'} onHide={() => setOpen(undefined)} />
    </aside>
  );
}
