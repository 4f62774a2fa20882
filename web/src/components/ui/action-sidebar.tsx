import { Button } from 'primereact/button';
import { type ReactNode, useState } from 'react';
import { ReasonedButton } from './reasoned-button';
import './action-sidebar.css';

/**
 * The right-hand action sidebar of the sub-model and instance screens (spec 001 §2): 4rem collapsed,
 * 22rem expanded, groups of actions. Each item has a permission outcome (001 §6): 'allowed' (enabled),
 * 'forbidden' (shown disabled but focusable, with the reason as description and as a tooltip on hover
 * and focus: ReasonedButton) or 'disallowed' (hidden).
 * A group whose items are all hidden is not shown.
 *
 * Presentational and shared: the sub-models feature composes the Execution and Sub-models groups, the
 * instances feature its Instances group (see features/sub-models/components/workspace/).
 */
export type ItemOutcome = 'allowed' | 'forbidden' | 'disallowed';

export interface ActionItem {
  key: string;
  label: string;
  /** A PrimeIcons class ('pi pi-plus'). */
  icon: string;
  outcome: ItemOutcome;
  /** Why a forbidden item is disabled (read by screen readers, shown on hover). */
  reason?: string;
  /** What the item does; an allowed item without it is shown disabled. */
  onSelect?: () => void;
}

export interface ActionGroup {
  key: string;
  title: string;
  items: ActionItem[];
}

/** The items a user sees: 'disallowed' ones are hidden. */
export const shownItems = (group: ActionGroup) => group.items.filter((i) => i.outcome !== 'disallowed');

/** The groups a user sees: those with at least one shown item. */
export const shownGroups = (groups: readonly ActionGroup[]) => groups.filter((g) => shownItems(g).length > 0);

/** One group of the sidebar; `collapsed` shows icons only (their labels stay accessible). */
export function ActionGroupView({ group, collapsed }: { group: ActionGroup; collapsed: boolean }) {
  const items = shownItems(group);
  if (items.length === 0) return null;
  return (
    <section className="mr-sidebar-group" aria-label={group.title}>
      <h2 className={collapsed ? 'mr-visually-hidden' : 'mr-sidebar-group__title'}>{group.title}</h2>
      <ul className="mr-sidebar-group__list">
        {items.map((item) => {
          const disabled = item.outcome !== 'allowed' || !item.onSelect;
          return (
            <li key={item.key} title={collapsed && !disabled ? item.label : undefined}>
              <ReasonedButton
                type="button"
                className="mr-sidebar-group__item"
                icon={item.icon}
                label={collapsed ? undefined : item.label}
                // Always named by its label: the icon font's glyph would otherwise join the name.
                aria-label={item.label}
                text
                blocked={disabled}
                reason={item.reason}
                data-outcome={item.outcome}
                onClick={item.onSelect}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const COLLAPSED_KEY = 'mr.workspaceSidebar.collapsed';

/**
 * The sidebar frame with its collapse toggle. `children` renders the groups; it is a function of the
 * collapsed state so that a feature's own group component (instances) can follow it.
 */
export function ActionSidebar({
  label,
  children,
}: {
  label: string;
  children: (collapsed: boolean) => ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(() => window.localStorage.getItem(COLLAPSED_KEY) === 'true');
  const toggle = () =>
    setCollapsed((c) => {
      window.localStorage.setItem(COLLAPSED_KEY, String(!c));
      return !c;
    });
  return (
    <aside className={`mr-sidebar ${collapsed ? 'mr-sidebar--collapsed' : ''}`} aria-label={label}>
      <Button
        type="button"
        className="mr-sidebar__toggle"
        icon={collapsed ? 'pi pi-angle-double-left' : 'pi pi-angle-double-right'}
        text
        aria-label={collapsed ? 'Expand actions' : 'Collapse actions'}
        aria-expanded={!collapsed}
        onClick={toggle}
      />
      {children(collapsed)}
    </aside>
  );
}
