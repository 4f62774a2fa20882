import { MESSAGES } from '@shared/messages';
import type { ModelDetail, ModelPermissions } from '@shared/schemas/model-api';
import { SECTION_TITLES, type SubModelType } from '@shared/sub-models/sub-model';
import { ReasonedButton } from '../../../../components/ui/reasoned-button';

/**
 * An "external model" (maintained outside the repository, it has an external URL) without lead or
 * steward cannot have its access managed until both are known (000 §6).
 */
export function modelAccessButtonBlock(model: ModelDetail): string | undefined {
  const external = Boolean(model.metadata.ext_url);
  return external && (!model.roles.vestLead || !model.roles.steward)
    ? MESSAGES.missingLeadOrSteward
    : undefined;
}

export type DetailAction =
  | 'suffix'
  | 'files'
  | 'metadata'
  | 'lineage'
  | 'access'
  | 'basedOn'
  | 'visualization'
  | 'newVersion'
  | 'versions'
  | SubModelType;

/** Opens step 1 of the visualization flow for the entry (001 §2). */
export const CREATE_VISUALIZATION_LABEL = 'Create Visualization';

/** The action that opens the add-entry wizard with this entry's metadata (000 §2, second flow). */
export const BASED_ON_ACTION_LABEL = 'New Entry Based on This Model';

type Outcome = ModelPermissions[keyof ModelPermissions];

interface SidebarItem {
  key: string;
  label: string;
  icon: string;
  /** 'disallowed' hides the item; 'forbidden' shows it disabled. */
  outcome: Outcome;
  /** The tooltip of a disabled item. */
  reason?: string;
  action?: DetailAction;
}

/** Version Tracking's action that opens the New Model Version wizard (000 §2). */
export const NEW_VERSION_ACTION_LABEL = 'New Model Version';

/**
 * Why a visible 'New Model Version' is disabled (shared/rules/model-permissions.ts 'newVersion':
 * forbidden on a retired, a PNEU-insights and a read-only THEOREM entry).
 */
export function newVersionBlock(model: ModelDetail): string | undefined {
  if (model.permissions.newVersion !== 'forbidden') return undefined;
  if (model.status === 'RETIRED') return 'A retired model entry cannot get a new version.';
  if (model.metadata.platform === 'Pneumococcal Vaccines')
    return 'PNEU-insights model entries are read-only: they cannot get a new version.';
  return 'Without the THEOREM model access this model entry is read-only: it cannot get a new version.';
}

/** Why Version Tracking's 'Version Control' (and the tab it opens) is disabled: 000 §6's version-control permission. */
export const VERSION_CONTROL_BLOCK = 'You do not have permission to see the versions of this model entry';

/**
 * The groups of the detail's action sidebar (000 §2, §6) with their permission outcomes. `canCreate`:
 * the caller may add model entries (the 'Create' group starts the wizard from this entry).
 * `sections`: on a WebModel 2.0 entry, the sub-model sections the caller sees (001 §6); the
 * Execution group links to their sub-model lists. Other entries have no sub-models: no Execution group.
 */
export function sidebarGroups(
  model: ModelDetail,
  options: { canCreate?: boolean; sections?: readonly SubModelType[] } = {},
): { title: string; items: SidebarItem[] }[] {
  const p = model.permissions;
  const accessBlock = modelAccessButtonBlock(model);
  const groups: { title: string; items: SidebarItem[] }[] = [
    {
      title: 'Create',
      items: [
        {
          key: 'basedOn',
          label: BASED_ON_ACTION_LABEL,
          icon: 'pi pi-clone',
          outcome: options.canCreate ? 'allowed' : 'disallowed',
          action: 'basedOn',
        },
      ],
    },
    {
      title: 'Execution',
      items: (
        [
          ['scenario', 'pi pi-sliders-h'],
          ['calibration', 'pi pi-cog'],
          ['display', 'pi pi-chart-bar'],
        ] as const
      )
        .map(
          ([section, icon]): SidebarItem => ({
            key: section,
            label: SECTION_TITLES[section],
            icon,
            outcome: p.view === 'allowed' && options.sections?.includes(section) ? 'allowed' : 'disallowed',
            action: section,
          }),
        )
        .concat({
          // 001 §2: 'create visualization' opens step 1 for this entry, for those who see analyses.
          key: 'visualization',
          label: CREATE_VISUALIZATION_LABEL,
          icon: 'pi pi-chart-line',
          outcome: p.view === 'allowed' && options.sections?.includes('display') ? 'allowed' : 'disallowed',
          action: 'visualization',
        }),
    },
    {
      title: 'Editing',
      items: [
        { key: 'suffix', label: 'Name Suffix', icon: 'pi pi-pencil', outcome: p.edit, action: 'suffix' },
        { key: 'files', label: 'Files', icon: 'pi pi-file-edit', outcome: p.edit, action: 'files' },
        { key: 'metadata', label: 'Metadata', icon: 'pi pi-list', outcome: p.edit, action: 'metadata' },
        {
          key: 'lineage',
          label: 'Lineage',
          icon: 'pi pi-sitemap',
          // 000 §6: Lineage is an editing action that also needs the version-control permission.
          outcome: p.editLineage,
          action: 'lineage',
        },
      ],
    },
    {
      title: 'Version Tracking',
      items: [
        {
          key: 'versions',
          label: 'Version Control',
          icon: 'pi pi-history',
          // Opens the Version Control tab (?tab=version, so a reload keeps it), which the same
          // permission enables.
          outcome: p.versionControl,
          reason: p.versionControl === 'forbidden' ? VERSION_CONTROL_BLOCK : undefined,
          action: 'versions',
        },
        {
          key: 'newVersion',
          label: NEW_VERSION_ACTION_LABEL,
          icon: 'pi pi-plus-circle',
          // Managers who may add entries (shared/rules/model-permissions.ts); the server checks again.
          outcome: p.newVersion,
          reason: newVersionBlock(model),
          action: 'newVersion',
        },
      ],
    },
    {
      title: 'Access',
      items: [
        {
          key: 'access',
          label: 'Model Access',
          icon: 'pi pi-users',
          // PNEU-insights and THEOREM models open read-only: 'Update Permissions' is what is disabled.
          outcome: p.manageAccess === 'disallowed' ? 'disallowed' : accessBlock ? 'forbidden' : 'allowed',
          reason: accessBlock,
          action: 'access',
        },
      ],
    },
  ];
  return groups.filter(
    (g) =>
      g.items.some((i) => i.outcome !== 'disallowed') &&
      // 000 §6: "Editing actions appear for users allowed to edit; … the Editing group is hidden if
      // edit is forbidden" (a THEOREM model without model access, a retired or a PNEU-insights
      // entry): editing is either possible or not offered at all.
      (g.title !== 'Editing' || p.edit === 'allowed'),
  );
}

/** The right-hand action sidebar of the detail page. */
export function DetailSidebar({
  model,
  canCreate,
  sections,
  onAction,
}: {
  model: ModelDetail;
  canCreate?: boolean;
  sections?: readonly SubModelType[];
  onAction: (action: DetailAction) => void;
}) {
  return (
    <aside className="mr-detail-sidebar" aria-label="Model actions">
      {sidebarGroups(model, { canCreate, sections }).map((group) => (
        <section key={group.title} className="mr-detail-sidebar__group" aria-label={group.title}>
          <h2 className="mr-detail-sidebar__title">{group.title}</h2>
          {group.items
            .filter((i) => i.outcome !== 'disallowed')
            .map((item) => {
              const disabled = item.outcome !== 'allowed' || !item.action;
              return (
                <span key={item.key} className="mr-detail-sidebar__item">
                  <ReasonedButton
                    label={item.label}
                    icon={item.icon}
                    text
                    blocked={disabled}
                    reason={item.reason}
                    onClick={() => item.action && onAction(item.action)}
                  />
                </span>
              );
            })}
        </section>
      ))}
    </aside>
  );
}
