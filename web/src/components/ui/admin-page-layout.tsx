import type { CurrentUser } from '@shared/schemas/user';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { currentUserQuery, isAdministrator } from '../../lib/current-user';
import './admin-page-layout.css';

interface AdminNavEntry {
  href: string;
  label: string;
  /** Who may open the page: the same rule as its route guard (app/routes/guards.tsx). */
  allowed: (user: CurrentUser) => boolean;
}

/**
 * The Admin Space's pages (issue 20): one menu on each of them. Every admin page is for
 * administrators today (002 §6); the predicate per entry keeps a page with a narrower flag honest.
 */
export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { href: paths.adminUsers.getHref(), label: 'Internal Users', allowed: isAdministrator },
  { href: paths.adminExternalUsers.getHref(), label: 'External Users', allowed: isAdministrator },
  { href: paths.adminRegistrationReview.getHref(), label: 'Registration Review', allowed: isAdministrator },
  { href: paths.adminIncidents.getHref(), label: 'Incidents', allowed: isAdministrator },
  { href: paths.adminMetadata.getHref(), label: 'Metadata Options', allowed: isAdministrator },
  { href: paths.adminUsage.getHref(), label: 'Usage', allowed: isAdministrator },
];

/**
 * The Admin Space menu: the entries the caller may open, the current one marked (aria-current).
 * Reads the signed-in user from the cache the signed-in layout filled (never fetches it itself).
 */
export function AdminNav() {
  const { data: user } = useQuery({ ...currentUserQuery(), enabled: false });
  const entries = user ? ADMIN_NAV.filter((entry) => entry.allowed(user)) : [];
  if (entries.length === 0) return null;
  return (
    <nav className="mr-admin-nav" aria-label="Admin Space">
      <ul>
        {entries.map((entry) => (
          <li key={entry.href}>
            <NavLink to={entry.href} className="mr-admin-nav__link">
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The layout of every admin page: the Admin Space menu above the page, and the page beside its
 * action sidebar (19rem wide, 002 §9) when it has one. A list page outside the Admin Space (the
 * Externalization tab's external user list) shares the layout without the menu (`nav={false}`).
 */
export function AdminPageLayout({
  sidebar,
  nav = true,
  children,
}: {
  sidebar?: ReactNode;
  nav?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mr-admin-layout">
      {nav && <AdminNav />}
      <div className="mr-admin-page">
        <section className="mr-page">{children}</section>
        {sidebar}
      </div>
    </div>
  );
}
