import type { DirectoryPerson } from '@shared/schemas/admin-users';
import { USER_TYPE_LABELS, type UserType, UserTypeSchema } from '@shared/schemas/user';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { directorySearchQuery, useEnrollUser } from '../../../api/admin-users';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/message-stack';
import { useDebounced } from '../../../lib/use-debounced';
import './admin-users.css';

const TYPE_OPTIONS = UserTypeSchema.options.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
const REQUIRED = 'This field is required.';

const nameOf = (p: Pick<DirectoryPerson, 'firstName' | 'lastName' | 'id'>) =>
  `${p.firstName} ${p.lastName}`.trim() || p.id;

/**
 * /admin/user/enroll (002 §2): a User Type selector (all types) and 'Find user' over the corporate
 * directory (at most 10, non-personal accounts and people not yet enrolled included; those already
 * listed are shown disabled), then 'Enroll'. 409 answers '{user} already exists in database'.
 */
export function UserEnrollPage() {
  usePageTitle('Enroll User');
  const navigate = useNavigate();
  const [userType, setUserType] = useState<UserType | undefined>();
  const [text, setText] = useState('');
  const [person, setPerson] = useState<DirectoryPerson | undefined>();
  const [touched, setTouched] = useState(false);
  const name = useDebounced(text.trim(), 300);
  const found = useQuery(directorySearchQuery(name));
  const enroll = useEnrollUser();
  const typeId = useId();
  const userId = useId();

  const submit = () => {
    setTouched(true);
    if (!userType || !person) return;
    enroll.mutate(
      { id: person.id, userType },
      {
        onSuccess: () => {
          notify.success(`${nameOf(person)} has been enrolled`);
          navigate(paths.adminUsers.getHref());
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409)
            notify.error(`${nameOf(person)} already exists in database`);
        },
      },
    );
  };

  return (
    <AdminPageLayout>
      <Link to={paths.adminUsers.getHref()}>
        <i className="pi pi-arrow-left" aria-hidden="true" /> Back to the user list
      </Link>
      <h1>Enroll User</h1>
      <form
        className="mr-admin-user__form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={typeId}>User Type</label>
        <Dropdown
          inputId={typeId}
          value={userType}
          options={TYPE_OPTIONS}
          onChange={(e) => setUserType(e.value as UserType)}
          placeholder="Select a user type"
        />
        {touched && !userType && <small className="p-error">{REQUIRED}</small>}
        <label htmlFor={userId}>Find user</label>
        <AutoComplete
          inputId={userId}
          value={person ?? text}
          suggestions={found.data?.items ?? []}
          completeMethod={(e) => setText(e.query)}
          onChange={(e) => {
            if (typeof e.value === 'string') {
              setText(e.value);
              setPerson(undefined);
            } else if (!(e.value as DirectoryPerson).enrolled) setPerson(e.value as DirectoryPerson);
            // An already listed person is shown disabled and cannot be picked.
          }}
          field="id"
          selectedItemTemplate={(p: DirectoryPerson) => `${nameOf(p)} (${p.id})`}
          itemTemplate={(p: DirectoryPerson) => (
            <span className={p.enrolled ? 'p-disabled' : undefined} aria-disabled={p.enrolled}>
              {nameOf(p)} ({p.id}) {p.email && <small>{p.email}</small>}
              {p.enrolled && <small> — already listed</small>}
            </span>
          )}
          placeholder="Name, e-mail or ISID"
          delay={0}
        />
        {touched && !person && <small className="p-error">{REQUIRED}</small>}
        <div>
          <Button type="submit" label="Enroll" disabled={enroll.isPending} loading={enroll.isPending} />
        </div>
      </form>
    </AdminPageLayout>
  );
}

export default UserEnrollPage;
