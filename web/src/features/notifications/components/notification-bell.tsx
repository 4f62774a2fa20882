import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDismiss } from '../../../components/ui/use-dismiss';
import { paths } from '../../../config/paths';
import { formatLocalDateTime } from '../../../lib/format';
import {
  creatorName,
  notificationActionText,
  notificationsQuery,
  reviewHref,
  useClearNotifications,
  useMarkNotificationsSeen,
} from '../api/notifications';

/**
 * The bell menu (000 §2): the latest 3 notifications with creator, action, note, date, a review link
 * and a close button; 'Clear All'; 'Show all notifications'. A dot marks unseen ones; opening the
 * menu marks them seen.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { data, isError } = useQuery(notificationsQuery(LIMITS.notificationMenuSize));
  const clear = useClearNotifications();
  const markSeen = useMarkNotificationsSeen();
  const unseen = (data?.unseenCount ?? 0) > 0;

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && unseen) markSeen.mutate();
  };

  const items = data?.items ?? [];
  return (
    <div className="mr-menu" ref={rootRef} data-tour="notifications">
      <button
        ref={buttonRef}
        type="button"
        className="mr-header__icon-button mr-bell"
        aria-label={unseen ? 'Notifications (unseen)' : 'Notifications'}
        title="Notifications"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <i className="pi pi-bell" aria-hidden="true" />
        {unseen && <span className="mr-bell__dot" data-testid="notification-unseen-dot" />}
      </button>
      {open && (
        <div
          id={panelId}
          ref={panelRef}
          role="dialog"
          aria-label="Notifications"
          tabIndex={-1}
          className="mr-menu__list mr-menu__list--end mr-notifications"
        >
          <div className="mr-notifications__head">
            <strong>Notifications</strong>
            {items.length > 0 && (
              <button
                type="button"
                className="mr-link-button"
                onClick={() => clear.mutate('all')}
                disabled={clear.isPending}
              >
                Clear All
              </button>
            )}
          </div>
          {isError ? (
            <p className="mr-notifications__empty">{MESSAGES.failedToLoadNotifications}</p>
          ) : items.length === 0 ? (
            <p className="mr-notifications__empty">{MESSAGES.noNewNotifications}</p>
          ) : (
            <ul className="mr-notifications__items">
              {items.map((n) => (
                <li key={n.notificationId} className="mr-notifications__item">
                  <div className="mr-notifications__text">
                    <p>
                      <strong>{creatorName(n)}</strong> {notificationActionText(n.notificationAction)}
                      {n.modelName ? ` ${n.modelName}` : ''}
                    </p>
                    {n.userNote && <p className="mr-notifications__note">{n.userNote}</p>}
                    <p className="mr-notifications__date">{formatLocalDateTime(n.createdOn)}</p>
                    <Link to={reviewHref(n)} onClick={() => setOpen(false)}>
                      {MESSAGES.clickToReview}
                    </Link>
                  </div>
                  <button
                    type="button"
                    className="mr-header__icon-button"
                    aria-label={`Clear notification from ${creatorName(n)}`}
                    title="Clear"
                    onClick={() => clear.mutate([n.notificationId])}
                  >
                    <i className="pi pi-times" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Link
            className="mr-notifications__all"
            to={paths.notifications.getHref()}
            onClick={() => setOpen(false)}
          >
            Show all notifications
          </Link>
        </div>
      )}
    </div>
  );
}
