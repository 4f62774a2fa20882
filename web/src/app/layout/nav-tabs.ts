import type { CurrentUser } from '@shared/schemas/user';
import { paths } from '../../config/paths';

export interface NavTab {
  label: string;
  href: string;
  /** Paths that highlight this tab. */
  matches: (pathname: string) => boolean;
  tour?: string;
}

const under = (prefix: string) => (pathname: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The main navigation (000 §2, 002 §6): Add Model Entry needs createModel, Externalization needs
 * externalizationTabEnabled, Admin Space is for super users and lights up on any /admin/ path.
 */
export function navTabs(user: Pick<CurrentUser, 'userType' | 'permissions'>): NavTab[] {
  const tabs: (NavTab | false)[] = [
    user.permissions.createModel && {
      label: 'Add Model Entry',
      href: paths.modelUpload.getHref(),
      matches: under(paths.modelUpload.path),
      tour: 'add-model',
    },
    {
      label: 'Model Entries',
      href: paths.models.getHref(),
      matches: (p) => p === '/' || under(paths.models.path)(p),
      tour: 'model-entries',
    },
    {
      label: 'Execution Queue',
      href: paths.executionQueue.getHref(),
      matches: under(paths.executionQueue.path),
      tour: 'execution-queue',
    },
    user.permissions.externalizationTabEnabled && {
      label: 'Externalization',
      href: paths.externalization.getHref(),
      matches: under(paths.externalization.path),
    },
    user.userType === 'SUPERUSER' && {
      label: 'Admin Space',
      href: paths.adminUsers.getHref(),
      matches: under(paths.admin.path),
    },
  ];
  return tabs.filter((t): t is NavTab => t !== false);
}
