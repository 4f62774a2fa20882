import { EDITABLE_USER_TYPES } from '@shared/schemas/admin-users';
import { USER_TYPE_LABELS, type UserType } from '@shared/schemas/user';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useUpdateAdminUser } from '../../../api/admin-users';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/message-stack';
import { useAdminUser } from './use-admin-user';
import './admin-users.css';

const OPTIONS = EDITABLE_USER_TYPES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));

/**
 * /admin/user/:id/edit (002 §2): one field, User Type, offering the first two types of the enumeration.
 * Save sends the type only when it changed, then 'has been updated' and back to the list.
 */
export function UserEditPage() {
  usePageTitle('Edit User');
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const { data: user } = useAdminUser(id);
  const [userType, setUserType] = useState<UserType | undefined>();
  const update = useUpdateAdminUser();
  const fieldId = useId();
  useEffect(() => {
    if (user) setUserType(user.userType);
  }, [user]);

  const done = () => {
    notify.success(`${user?.firstName ?? ''} ${user?.lastName ?? ''} has been updated`.trim());
    navigate(paths.adminUsers.getHref());
  };
  const save = () => {
    if (!user || !userType) return;
    if (userType === user.userType) return done();
    update.mutate(
      { id, body: { userType: userType as (typeof EDITABLE_USER_TYPES)[number] } },
      { onSuccess: done },
    );
  };

  return (
    <AdminPageLayout>
      <Link to={paths.adminUsers.getHref()}>
        <i className="pi pi-arrow-left" aria-hidden="true" /> Back to the user list
      </Link>
      <h1>Edit User</h1>
      {!user ? (
        <Spinner />
      ) : (
        <form
          className="mr-admin-user__form"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <p>
            {user.firstName} {user.lastName} ({user.id})
          </p>
          <label htmlFor={fieldId}>User Type</label>
          <Dropdown
            inputId={fieldId}
            value={userType}
            options={OPTIONS}
            onChange={(e) => setUserType(e.value as UserType)}
            placeholder="Select a user type"
          />
          {!userType && <small className="p-error">This field is required.</small>}
          <div>
            <Button
              type="submit"
              label="Save"
              disabled={!userType || update.isPending}
              loading={update.isPending}
            />
          </div>
        </form>
      )}
    </AdminPageLayout>
  );
}

export default UserEditPage;
