import type { AppSettings } from '@shared/schemas/settings';
import type { CurrentUser } from '@shared/schemas/user';
import { Link, useLocation } from 'react-router-dom';
import { DropdownMenu, type DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { paths } from '../../config/paths';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { navTabs } from './nav-tabs';

/** Help menu (000 §1): links from the application settings, opened in a new tab, and the tour. */
export function helpMenuItems(
  settings: AppSettings | undefined,
  onGuidedTour?: () => void,
): DropdownMenuItem[] {
  const docs = settings?.documentation;
  const links: [string, string, string | undefined][] = [
    ['Training', 'pi pi-book', docs?.trainingUrl],
    ['Support', 'pi pi-question-circle', docs?.supportUrl],
    ['Feedback', 'pi pi-comment', docs?.feedbackUrl],
    ['Release Notes', 'pi pi-list', docs?.releaseNotesUrl],
    ['Privacy Policy', 'pi pi-shield', settings?.privacyPolicyUrl],
    ['About', 'pi pi-info-circle', docs?.aboutUrl],
  ];
  const items: DropdownMenuItem[] = links
    .filter(([, , href]) => Boolean(href))
    .map(([label, icon, href]) => ({ label, icon, href: href as string }));
  if (onGuidedTour && docs?.guidedTourEnabled !== false) {
    items.push({ label: 'Guided Tour', icon: 'pi pi-directions', onSelect: onGuidedTour });
  }
  return items;
}

interface HeaderProps {
  user: CurrentUser;
  settings: AppSettings | undefined;
  onGuidedTour?: () => void;
  onLogout: () => void;
}

export function Header({ user, settings, onGuidedTour, onLogout }: HeaderProps) {
  const { pathname } = useLocation();
  const tabs = navTabs(user);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.id;
  return (
    <header className="mr-header">
      <Link to={paths.models.getHref()} className="mr-header__logo" aria-label="Model Repository home">
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span>Model Repository</span>
      </Link>
      <nav aria-label="Main" className="mr-tabs" data-tour="header-tabs">
        <ul>
          {tabs.map((tab) => {
            const current = tab.matches(pathname);
            return (
              <li key={tab.label}>
                <Link
                  to={tab.href}
                  className={current ? 'mr-tabs__tab mr-tabs__tab--active' : 'mr-tabs__tab'}
                  aria-current={current ? 'page' : undefined}
                  data-tour={tab.tour}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mr-header__tools">
        <NotificationBell />
        <DropdownMenu
          label="Help"
          dataTour="help-menu"
          trigger={<i className="pi pi-question-circle" aria-hidden="true" />}
          items={helpMenuItems(settings, onGuidedTour)}
        />
        <DropdownMenu
          label={name}
          dataTour="user-menu"
          trigger={
            <span className="mr-header__user">
              <i className="pi pi-user" aria-hidden="true" />
              <span>{name}</span>
            </span>
          }
          items={[{ label: 'Logout', icon: 'pi pi-sign-out', onSelect: onLogout }]}
        />
      </div>
    </header>
  );
}
