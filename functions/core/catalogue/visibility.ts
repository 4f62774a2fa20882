import { modelPermission, type PermissionModel } from '@shared/rules/model-permissions';
import { EMPTY_ROLES, type ModelStatus, ModelStatusSchema } from '@shared/schemas/model';
import type { UserType } from '@shared/schemas/user';

/**
 * Who sees which catalogue entry, as a lookup table derived from the permission module
 * (shared/rules/model-permissions.ts) so that the engines never re-state the rules:
 * - visible  = 'preview' is allowed (drafts: any role or super user; published: every internal and
 *   super user, external users only with a role; retired: owners and super users; deleted and
 *   creating: nobody);
 * - full     = 'view' is allowed too; otherwise the row is preview-only (`previewOnly: true`).
 * The table is indexed by status code and relation code, so the hot loops do one array read.
 */
export const STATUSES: readonly ModelStatus[] = ModelStatusSchema.options;
export const STATUS_CODE: Record<ModelStatus, number> = Object.fromEntries(
  STATUSES.map((s, i) => [s, i]),
) as Record<ModelStatus, number>;

/** The relation of a user to an entry, strongest first as in relationOf(). */
export const REL_NONE = 0;
export const REL_MANAGER = 1;
export const REL_VIEWER = 2;
/** Display viewers, calibration and scenario modelers. */
export const REL_OTHER = 3;
/** Bit set in a relation byte when the user created the entry ("my entries"). */
export const REL_CREATOR_BIT = 4;
export const REL_MASK = 3;

export const VIS_HIDDEN = 0;
export const VIS_PREVIEW = 1;
export const VIS_FULL = 2;

const SYNTHETIC_USER = 'u';

function syntheticModel(status: ModelStatus, rel: number): PermissionModel {
  const roles = { ...EMPTY_ROLES, owners: [] as string[], viewers: [] as string[] };
  if (rel === REL_MANAGER) roles.owners = [SYNTHETIC_USER];
  if (rel === REL_VIEWER) roles.viewers = [SYNTHETIC_USER];
  if (rel === REL_OTHER) roles.calibrationModelers = [SYNTHETIC_USER];
  return { status, roles };
}

const tables = new Map<UserType, Uint8Array>();

/** `table[statusCode * 4 + rel]` is VIS_HIDDEN, VIS_PREVIEW or VIS_FULL for a user of this type. */
export function visibilityTable(userType: UserType): Uint8Array {
  let table = tables.get(userType);
  if (!table) {
    table = new Uint8Array(STATUSES.length * 4);
    const user = { id: SYNTHETIC_USER, userType };
    for (const status of STATUSES) {
      for (let rel = 0; rel < 4; rel++) {
        const model = syntheticModel(status, rel);
        const preview = modelPermission('preview', user, model) === 'allowed';
        const view = modelPermission('view', user, model) === 'allowed';
        table[STATUS_CODE[status] * 4 + rel] = preview ? (view ? VIS_FULL : VIS_PREVIEW) : VIS_HIDDEN;
      }
    }
    tables.set(userType, table);
  }
  return table;
}
