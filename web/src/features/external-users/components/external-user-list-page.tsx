import { EXTERNAL_USER_MESSAGES } from '@shared/rules/external-user-status';
import type { ExternalUserSummary } from '@shared/schemas/external-user';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionDialog } from '../../../components/ui/action-dialog';
import { type ActionGroup, ActionGroupView, ActionSidebar } from '../../../components/ui/action-sidebar';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/current-user';
import { notify } from '../../../lib/message-stack';
import {
  type ExternalAction,
  externalUserListQuery,
  useExtendExternalAccess,
  useExternalUserAction,
} from '../api/external-users';
import { actionRefusal, emailRefusal, extendRefusal } from '../lib/external-user-actions';
import { AccessReview } from './access-review';
import { ExternalUserOverview } from './external-user-overview';
import './external-users.css';

export type ExternalListVariant = 'normal' | 'admin';

const SUCCESS: Record<ExternalAction, string> = {
  activate: EXTERNAL_USER_MESSAGES.activated,
  deactivate: EXTERNAL_USER_MESSAGES.deactivated,
  reject: EXTERNAL_USER_MESSAGES.rejected,
};
const FAILURE: Partial<Record<ExternalAction, string>> = {
  activate: EXTERNAL_USER_MESSAGES.failedToActivate,
  deactivate: EXTERNAL_USER_MESSAGES.failedToDeactivate,
  reject: EXTERNAL_USER_MESSAGES.failedToReject,
};
const QUESTION: Record<ExternalAction, (name: string) => string> = {
  activate: (name) => `Activate ${name}? They can sign in and use the models granted to them.`,
  deactivate: (name) => `Deactivate ${name}? They can no longer sign in; their grants are kept.`,
  reject: (name) => `Reject the access request of ${name}?`,
};
const CONFIRM_LABEL: Record<ExternalAction, string> = {
  activate: 'Activate',
  deactivate: 'Deactivate',
  reject: 'Reject',
};

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

/** The registration wizard filled in with a listed person's names and e-mail (Regenerate Code). */
export function regenerateHref(user: { firstName: string; lastName: string; email: string }): string {
  const query = new URLSearchParams({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  });
  return `${paths.externalizationEnroll.getHref()}?${query.toString()}`;
}

/**
 * The external user list (002 §2) in its two variants:
 * - normal (/externalization/list): 'Register New User', Regenerate Code and Email User;
 * - admin (/admin/externalization-user): 'Activate and deactivate users', Activate User, Deactivate
 *   User and Reject Request, each behind a confirmation (Reject asks for a reason), and the quarterly
 *   access review (issue 20 §9).
 * Both: search, First Name, Last Name, Email, Status, Access Ends On, a row click that selects, the
 * User Overview and Extend Access. What is enabled follows the §4 table (shared/rules).
 */
export function ExternalUserListPage({ variant }: { variant: ExternalListVariant }) {
  usePageTitle('External Users');
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const { data, isFetching, isError } = useQuery(externalUserListQuery());
  const [selectedEmail, setSelectedEmail] = useState<string | undefined>();
  const [overview, setOverview] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<ExternalAction | undefined>();
  const [extending, setExtending] = useState(false);
  const [reason, setReason] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const run = useExternalUserAction();
  const extend = useExtendExternalAccess();
  const term = search.trim().toLowerCase();
  const rows = (data?.items ?? []).filter(
    (u) => term === '' || `${u.firstName} ${u.lastName} ${u.email} ${u.status}`.toLowerCase().includes(term),
  );
  const selected = data?.items.find((u) => u.email === selectedEmail);
  const name = selected ? `${selected.firstName} ${selected.lastName}` : '';

  const open = (a: ExternalAction) => () => {
    setReason('');
    setConfirming(a);
  };
  const confirm = () => {
    if (!selected || !confirming) return;
    const chosen = confirming;
    run.mutate(
      { action: chosen, email: selected.email, ...(chosen === 'reject' ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => {
          notify.success(SUCCESS[chosen]);
          setConfirming(undefined);
        },
        onError: () => {
          const failure = FAILURE[chosen];
          if (failure) notify.error(failure);
          setConfirming(undefined);
        },
      },
    );
  };

  const items =
    variant === 'admin'
      ? [
          action(
            'activate',
            'Activate User',
            'pi pi-check-circle',
            actionRefusal(me, 'activate', selected),
            open('activate'),
          ),
          action(
            'deactivate',
            'Deactivate User',
            'pi pi-ban',
            actionRefusal(me, 'deactivate', selected),
            open('deactivate'),
          ),
          action(
            'reject',
            'Reject Request',
            'pi pi-times-circle',
            actionRefusal(me, 'reject', selected),
            open('reject'),
          ),
        ]
      : [
          action(
            'regenerate',
            EXTERNAL_USER_MESSAGES.regenerateCode,
            'pi pi-refresh',
            actionRefusal(me, 'regenerateCode', selected),
            // 002 §2: the wizard again with the person's names and e-mail filled in; its Generate
            // replaces the accesses and mails a new code (the old one is void).
            () => {
              if (selected) navigate(regenerateHref(selected));
            },
          ),
          action('email', 'Email User', 'pi pi-envelope', emailRefusal(selected), () => {
            if (selected) window.location.href = `mailto:${encodeURIComponent(selected.email)}`;
          }),
        ];
  const groups: ActionGroup[] = [
    {
      key: 'user',
      title: 'User',
      items: [
        ...items,
        action(
          'overview',
          'User Overview',
          'pi pi-id-card',
          selected ? undefined : 'Select a user first.',
          () => setOverview(selected?.email),
        ),
        action('extend', 'Extend Access', 'pi pi-calendar-plus', extendRefusal(me, selected), () => {
          setEndsOn(selected?.accessEndsOn ?? '');
          setExtending(true);
        }),
      ],
    },
  ];

  return (
    <AdminPageLayout
      nav={variant === 'admin'}
      sidebar={
        <ActionSidebar label="External user actions">
          {(collapsed) => groups.map((g) => <ActionGroupView key={g.key} group={g} collapsed={collapsed} />)}
        </ActionSidebar>
      }
    >
      <h1>{variant === 'admin' ? EXTERNAL_USER_MESSAGES.adminHeader : 'External Users'}</h1>
      <div className="mr-admin-page__toolbar">
        <span className="p-input-icon-left">
          <i className="pi pi-search" aria-hidden="true" />
          <InputText
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search"
            aria-label="Search external users"
          />
        </span>
        {variant === 'normal' && (
          <Button
            type="button"
            label={EXTERNAL_USER_MESSAGES.registerNewUser}
            icon="pi pi-user-plus"
            onClick={() => navigate(paths.externalizationEnroll.getHref())}
          />
        )}
      </div>
      <DataTable
        value={rows}
        dataKey="email"
        loading={isFetching && !data}
        paginator
        rows={10}
        rowsPerPageOptions={[10, 20, 50, 100]}
        sortField="lastName"
        sortOrder={1}
        selectionMode="single"
        metaKeySelection={false}
        selection={selected ?? null}
        onSelectionChange={(e) => setSelectedEmail((e.value as ExternalUserSummary | null)?.email)}
        emptyMessage={isError ? 'Failed to load the external users' : 'No users were found'}
        size="small"
        stripedRows
        aria-label="External users"
      >
        <Column header="First Name" field="firstName" sortable />
        <Column header="Last Name" field="lastName" sortable />
        <Column header="Email" field="email" sortable />
        <Column header="Status" field="status" sortable />
        <Column header="Access Ends On" field="accessEndsOn" sortable />
      </DataTable>
      {variant === 'admin' && me.userType === 'SUPERUSER' && <AccessReview />}
      {overview && <ExternalUserOverview email={overview} onHide={() => setOverview(undefined)} />}
      {confirming && selected && (
        <ActionDialog
          header={CONFIRM_LABEL[confirming]}
          width="32rem"
          onHide={() => setConfirming(undefined)}
          confirmLabel={CONFIRM_LABEL[confirming]}
          danger={confirming === 'reject' || confirming === 'deactivate'}
          busy={run.isPending}
          onConfirm={confirm}
          confirmDisabled={confirming === 'reject' && reason.trim() === ''}
          confirmTitle={confirming === 'reject' ? 'Give a reason for the rejection.' : undefined}
        >
          <p>{QUESTION[confirming](name)}</p>
          {confirming === 'reject' && (
            <TextAreaField
              label="Reason"
              value={reason}
              onChange={setReason}
              error={undefined}
              rows={3}
              maxLength={1000}
              autoFocus
            />
          )}
        </ActionDialog>
      )}
      {extending && selected && (
        <ActionDialog
          header="Extend Access"
          width="28rem"
          onHide={() => setExtending(false)}
          confirmLabel="Extend"
          busy={extend.isPending}
          confirmDisabled={endsOn === '' || endsOn === selected.accessEndsOn}
          onConfirm={() =>
            extend.mutate(
              { email: selected.email, accessEndsOn: endsOn },
              {
                onSuccess: (user) => {
                  notify.success(EXTERNAL_USER_MESSAGES.extended(user.accessEndsOn));
                  setExtending(false);
                },
              },
            )
          }
        >
          <label className="mr-field">
            <span>Last day of access of {name}</span>
            <input
              type="date"
              value={endsOn}
              onChange={(e) => setEndsOn(e.target.value)}
              className="p-inputtext"
            />
          </label>
        </ActionDialog>
      )}
    </AdminPageLayout>
  );
}

export function NormalExternalUserListPage() {
  return <ExternalUserListPage variant="normal" />;
}

export function AdminExternalUserListPage() {
  return <ExternalUserListPage variant="admin" />;
}
