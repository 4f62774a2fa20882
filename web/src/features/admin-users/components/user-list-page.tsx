import type { AdminUserRow, AdminUserSort } from '@shared/schemas/admin-users';
import { USER_TYPE_LABELS } from '@shared/schemas/user';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminUserListQuery, useUpdateAdminUser } from '../../../api/admin-users';
import { type ActionGroup, ActionGroupView, ActionSidebar } from '../../../components/ui/action-sidebar';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/app-settings';
import { useCurrentUser } from '../../../lib/current-user';
import { notify } from '../../../lib/message-stack';
import { useDebounced } from '../../../lib/use-debounced';
import {
  activateRefusal,
  chatLink,
  contactRefusal,
  deactivateRefusal,
  editRefusal,
  mailLink,
} from '../lib/user-actions';
import './admin-users.css';

export const NO_USERS = 'No users were found';
/** The chat link when the settings name none (AppSettings.chatUrlTemplate). */
export const CHAT_URL_TEMPLATE = 'https://teams.microsoft.com/l/chat/0/0?users={email}';

/** One action of the sidebar: allowed with its handler, or disabled with the reason. */
const action = (
  key: string,
  label: string,
  icon: string,
  refusal: string | undefined,
  onSelect: () => void,
) => ({
  key,
  label,
  icon,
  outcome: refusal ? ('forbidden' as const) : ('allowed' as const),
  ...(refusal ? { reason: refusal } : { onSelect }),
});

/**
 * /admin/user (002 §2): search, the grid (ISID, First Name, Last Name, Email, Active, User Type) sorted
 * by last name ascending and paged on the server, 'My current role', 'Enroll new User' (enrollUser), a
 * row click that selects or deselects, and the sidebar: Edit User, Activate user, Deactivate user, Email
 * User (mailto) and Open Chat (the chat link of the settings), the last two disabled without an e-mail
 * or for oneself.
 */
export function UserListPage() {
  usePageTitle('Internal Users');
  const me = useCurrentUser();
  const settings = useSettings();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [page, setPage] = useState({ first: 0, rows: 10 });
  const [sort, setSort] = useState<{ field: AdminUserSort; order: 1 | -1 }>({ field: 'lastName', order: 1 });
  const query = {
    q,
    sort: sort.field,
    order: sort.order === 1 ? ('asc' as const) : ('desc' as const),
    offset: page.first,
    limit: page.rows,
  };
  const { data, isFetching, isError } = useQuery(adminUserListQuery(query));
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const selected = data?.items.find((u) => u.id === selectedId);
  const update = useUpdateAdminUser();

  const setActive = (user: AdminUserRow, active: boolean) =>
    update.mutate(
      { id: user.id, body: { active } },
      { onSuccess: () => notify.success(active ? 'User Activated' : 'User Deactivated') },
    );

  const groups: ActionGroup[] = [
    {
      key: 'user',
      title: 'User',
      items: [
        action('edit', 'Edit User', 'pi pi-pencil', editRefusal(me, selected), () =>
          navigate(paths.adminUserEdit.getHref(selected?.id ?? '')),
        ),
        action('activate', 'Activate user', 'pi pi-check-circle', activateRefusal(me, selected), () => {
          if (selected) setActive(selected, true);
        }),
        action('deactivate', 'Deactivate user', 'pi pi-ban', deactivateRefusal(me, selected), () => {
          if (selected) setActive(selected, false);
        }),
        action('email', 'Email User', 'pi pi-envelope', contactRefusal(me, selected), () => {
          if (selected) window.location.href = mailLink(selected.email);
        }),
        action('chat', 'Open Chat', 'pi pi-comments', contactRefusal(me, selected), () => {
          if (selected)
            window.open(
              chatLink(settings?.chatUrlTemplate ?? CHAT_URL_TEMPLATE, selected.email),
              '_blank',
              'noopener',
            );
        }),
      ],
    },
  ];

  return (
    <AdminPageLayout
      sidebar={
        <ActionSidebar label="User actions">
          {(collapsed) => groups.map((g) => <ActionGroupView key={g.key} group={g} collapsed={collapsed} />)}
        </ActionSidebar>
      }
    >
      <h1>Internal Users</h1>
      <p>
        My current role: <strong>{USER_TYPE_LABELS[me.userType]}</strong>
      </p>
      <div className="mr-admin-page__toolbar">
        <span className="p-input-icon-left mr-admin-page__search">
          <i className="pi pi-search" aria-hidden="true" />
          <InputText
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage((p) => ({ ...p, first: 0 }));
            }}
            placeholder="Search"
            aria-label="Search users"
          />
        </span>
        {me.permissions.enrollUser && (
          <Button
            type="button"
            label="Enroll new User"
            icon="pi pi-user-plus"
            onClick={() => navigate(paths.adminUserEnroll.getHref())}
          />
        )}
      </div>
      <DataTable
        value={data?.items ?? []}
        dataKey="id"
        lazy
        loading={isFetching && !data}
        paginator
        first={page.first}
        rows={page.rows}
        totalRecords={data?.total ?? 0}
        rowsPerPageOptions={[10, 20, 50, 100]}
        onPage={(e) => setPage({ first: e.first, rows: e.rows })}
        sortField={sort.field}
        sortOrder={sort.order}
        onSort={(e) => {
          setSort({ field: e.sortField as AdminUserSort, order: e.sortOrder === -1 ? -1 : 1 });
          setPage((p) => ({ ...p, first: 0 }));
        }}
        selectionMode="single"
        metaKeySelection={false}
        selection={selected ?? null}
        onSelectionChange={(e) => setSelectedId((e.value as AdminUserRow | null)?.id)}
        emptyMessage={isError ? 'Failed to load the users' : NO_USERS}
        size="small"
        stripedRows
        aria-label="Internal users"
      >
        <Column header="ISID" field="id" sortable />
        <Column header="First Name" field="firstName" sortable />
        <Column header="Last Name" field="lastName" sortable />
        <Column header="Email" field="email" sortable />
        <Column
          header="Active"
          field="active"
          sortable
          body={(u: AdminUserRow) => (u.active ? 'Yes' : 'No')}
        />
        <Column
          header="User Type"
          field="userType"
          sortable
          body={(u: AdminUserRow) => USER_TYPE_LABELS[u.userType]}
        />
        <Column
          header={<span className="p-sr-only">Detail</span>}
          body={(u: AdminUserRow) => (
            <Button
              type="button"
              text
              icon="pi pi-info-circle"
              aria-label={`Detail of ${u.firstName} ${u.lastName}`}
              onClick={(e) => {
                e.stopPropagation();
                navigate(paths.adminUserDetail.getHref(u.id));
              }}
            />
          )}
        />
      </DataTable>
    </AdminPageLayout>
  );
}

export default UserListPage;
