import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminUserQuery } from '../../../api/admin-users';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/message-stack';

export const USER_NOT_FOUND = 'User not found';

/** One user for the detail and edit pages; an unknown one shows 'User not found' and returns to the list. */
export function useAdminUser(id: string) {
  const navigate = useNavigate();
  const result = useQuery(adminUserQuery(id));
  useEffect(() => {
    if (!result.isError) return;
    notify.error(USER_NOT_FOUND);
    navigate(paths.adminUsers.getHref(), { replace: true });
  }, [result.isError, navigate]);
  return result;
}
