import type { UserType } from '../schemas/user';
import {
  modelPermission,
  type Outcome,
  type PermissionModel,
  type PermissionUser,
} from './model-permissions';

/**
 * Who may use source control (issue 18 §5; 000 §6 leaves it open; docs/permissions.md "Source
 * control"). The deployment's Bitbucket token reads on behalf of every caller, so the rules are ours:
 * - browse (projects, repositories, branches, folders and files, history, commit diffs): internal
 *   users and super users, who link entries to repositories and compare their code. External users
 *   never: the company's source control is not part of what an entry shares with them (they are
 *   barred from lead and steward for the same reason of trust).
 * - save a file: only in the name of an entry linked to that repository (its metadata
 *   bitbucket_project and bitbucket_repository), by someone who may edit that entry (managers and
 *   super users, not on a retired, PNEU-insights or locked THEOREM entry: modelPermission 'edit'),
 *   and never by an external user.
 */
export function sourceControlBrowse(userType: UserType): Outcome {
  return userType === 'EXTERNALUSER' ? 'disallowed' : 'allowed';
}

export interface SourceControlLink {
  readonly project?: string;
  readonly repository?: string;
}

export function sourceControlSave(
  user: PermissionUser,
  model: PermissionModel,
  link: SourceControlLink,
  target: { readonly project: string; readonly repo: string },
): Outcome {
  if (sourceControlBrowse(user.userType) !== 'allowed') return 'disallowed';
  const edit = modelPermission('edit', user, model);
  if (edit !== 'allowed') return edit;
  return link.project === target.project && link.repository === target.repo ? 'allowed' : 'forbidden';
}
