import { MESSAGES } from '@shared/messages';
import type { NotificationListItem } from '@shared/schemas/notification';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { formatLocalDateTime } from '../../../lib/format';
import {
  creatorName,
  NOTIFICATION_PAGE_LIMIT,
  notificationActionText,
  notificationsQuery,
  reviewHref,
} from '../api/notifications';

/** /notifications (000 §2): creator, action text, user note, model link and date. */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const { data, isLoading, isError } = useQuery(notificationsQuery(NOTIFICATION_PAGE_LIMIT));
  return (
    <section className="mr-page">
      <h1>Notifications</h1>
      <DataTable
        value={data?.items ?? []}
        loading={isLoading}
        dataKey="notificationId"
        emptyMessage={isError ? MESSAGES.failedToLoadNotifications : MESSAGES.noNotificationsFound}
        paginator
        rows={20}
        rowsPerPageOptions={[10, 20, 50, 100]}
        size="small"
        stripedRows
      >
        <Column header="Creator" body={(n: NotificationListItem) => creatorName(n)} />
        <Column
          header="Action"
          body={(n: NotificationListItem) => notificationActionText(n.notificationAction)}
        />
        <Column header="User note" field="userNote" />
        <Column
          header="Model"
          body={(n: NotificationListItem) => <Link to={reviewHref(n)}>{n.modelName ?? n.modelUuid}</Link>}
        />
        <Column
          header="Date"
          field="createdOn"
          sortable
          body={(n: NotificationListItem) => formatLocalDateTime(n.createdOn)}
        />
      </DataTable>
    </section>
  );
}

export default NotificationsPage;
