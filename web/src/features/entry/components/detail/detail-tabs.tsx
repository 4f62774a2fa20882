import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

export interface DetailTab<K extends string> {
  key: K;
  label: string;
  /** Why the tab is disabled (shown as its tooltip), or undefined when enabled. */
  disabledReason?: string;
}

/**
 * A WAI-ARIA tab list. Disabled tabs stay focusable (aria-disabled) so that their tooltip can be read
 * by hovering and by keyboard users; arrows move between tabs, Home/End jump.
 */
export function DetailTabs<K extends string>({
  tabs,
  active,
  onSelect,
  children,
  label,
  focusActive = false,
  onFocused,
}: {
  tabs: readonly DetailTab<K>[];
  active: K;
  onSelect: (key: K) => void;
  children: ReactNode;
  label: string;
  /** Move focus to the active tab (an action elsewhere on the page opened it); then `onFocused`. */
  focusActive?: boolean;
  onFocused?: () => void;
}) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = tabs.findIndex((t) => t.key === active);
  useEffect(() => {
    if (!focusActive) return;
    refs.current[activeIndex]?.focus();
    onFocused?.();
  }, [focusActive, activeIndex, onFocused]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : undefined;
    if (target === undefined) return;
    e.preventDefault();
    refs.current[target]?.focus();
  };
  return (
    <div className="mr-detail-tabs">
      <div role="tablist" aria-label={label} className="mr-detail-tabs__list">
        {tabs.map((tab, i) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              aria-disabled={tab.disabledReason ? true : undefined}
              tabIndex={selected ? 0 : -1}
              title={tab.disabledReason}
              className={[
                'mr-detail-tabs__tab',
                selected ? 'mr-detail-tabs__tab--active' : '',
                tab.disabledReason ? 'mr-detail-tabs__tab--disabled' : '',
              ].join(' ')}
              onClick={() => {
                if (!tab.disabledReason) onSelect(tab.key);
              }}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${active}`}
        className="mr-detail-tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
