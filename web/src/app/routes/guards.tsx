import type { CurrentUser } from '@shared/schemas/user';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/current-user';

export const allow = {
  createModel: (u: CurrentUser) => u.permissions.createModel,
  externalization: (u: CurrentUser) => u.permissions.externalizationTabEnabled,
  admin: (u: CurrentUser) => u.userType === 'SUPERUSER',
  enrollUser: (u: CurrentUser) => u.userType === 'SUPERUSER' && u.permissions.enrollUser,
  changeUserRole: (u: CurrentUser) => u.userType === 'SUPERUSER' && u.permissions.changeUserRole,
};

/** A page that needs a permission: others are sent to the unauthorised page (002 §6). */
export function RequirePermission({
  check,
  children,
}: {
  check: (user: CurrentUser) => boolean;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  return check(user) ? children : <Navigate to={paths.unauthorised.getHref()} replace />;
}
