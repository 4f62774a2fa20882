import { USER_TYPE_LABELS } from '@shared/schemas/user';
import { Link, useParams } from 'react-router-dom';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useAdminUser } from './use-admin-user';
import './admin-users.css';

/** /admin/user/:id/detail (002 §2): 'Detail of user with id' and a link back to the list. */
export function UserDetailPage() {
  usePageTitle('User Detail');
  const id = useParams().id ?? '';
  const { data: user } = useAdminUser(id);
  return (
    <AdminPageLayout>
      <Link to={paths.adminUsers.getHref()}>
        <i className="pi pi-arrow-left" aria-hidden="true" /> Back to the user list
      </Link>
      <h1>Detail of user with id {id}</h1>
      {!user ? (
        <Spinner />
      ) : (
        <dl className="mr-admin-user__fields">
          <dt>ISID</dt>
          <dd>{user.id}</dd>
          <dt>First Name</dt>
          <dd>{user.firstName}</dd>
          <dt>Last Name</dt>
          <dd>{user.lastName}</dd>
          <dt>Email</dt>
          <dd>{user.email || '—'}</dd>
          <dt>Active</dt>
          <dd>{user.active ? 'Yes' : 'No'}</dd>
          <dt>User Type</dt>
          <dd>{USER_TYPE_LABELS[user.userType]}</dd>
          {user.country && (
            <>
              <dt>Country</dt>
              <dd>{user.country}</dd>
            </>
          )}
          {user.department && (
            <>
              <dt>Department</dt>
              <dd>{user.department}</dd>
            </>
          )}
          {user.divisionName && (
            <>
              <dt>Division</dt>
              <dd>{user.divisionName}</dd>
            </>
          )}
          <dt>Enrolled On</dt>
          <dd>{formatDateTime(user.createdOn)}</dd>
          {user.createdBy && (
            <>
              <dt>Enrolled By</dt>
              <dd>{user.createdBy}</dd>
            </>
          )}
        </dl>
      )}
    </AdminPageLayout>
  );
}

export default UserDetailPage;
