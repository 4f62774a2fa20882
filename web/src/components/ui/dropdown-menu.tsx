import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDismiss } from './use-dismiss';

export interface DropdownMenuItem {
  label: string;
  icon?: string;
  /** An external link, opened in a new tab. */
  href?: string;
  /** An in-app route. */
  to?: string;
  onSelect?: () => void;
}

interface DropdownMenuProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** What the trigger shows (defaults to the label). */
  trigger?: ReactNode;
  items: readonly DropdownMenuItem[];
  align?: 'start' | 'end';
  dataTour?: string;
  className?: string;
}

/**
 * A menu button following the WAI-ARIA menu pattern: Enter/Space/ArrowDown open it on the first
 * item, arrows/Home/End move, Escape closes and returns focus, Tab leaves.
 */
export function DropdownMenu({
  label,
  trigger,
  items,
  align = 'end',
  dataTour,
  className,
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  const focusItem = (index: number) => {
    const count = items.length;
    if (count === 0) return;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  // The items exist only after the render that opens the menu.
  const [pendingFocus, setPendingFocus] = useState<number>();
  const openAt = (index: number) => {
    setOpen(true);
    setPendingFocus(index);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusItem reads refs only
  useEffect(() => {
    if (open && pendingFocus !== undefined) {
      focusItem(pendingFocus);
      setPendingFocus(undefined);
    }
  }, [open, pendingFocus]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const index = itemRefs.current.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(items.length - 1);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  const select = (item: DropdownMenuItem) => {
    close(!item.to && !item.href);
    item.onSelect?.();
  };

  return (
    <div className={`mr-menu ${className ?? ''}`} ref={rootRef} data-tour={dataTour}>
      <button
        ref={buttonRef}
        type="button"
        className="mr-header__icon-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {trigger ?? label}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={`mr-menu__list mr-menu__list--${align}`}
          onKeyDown={onMenuKey}
        >
          {items.map((item, i) => {
            const content = (
              <>
                {item.icon && <i className={item.icon} aria-hidden="true" />}
                <span>{item.label}</span>
              </>
            );
            const ref = (el: HTMLElement | null) => {
              itemRefs.current[i] = el;
            };
            return (
              <div key={item.label} role="none">
                {item.to ? (
                  <Link ref={ref} role="menuitem" tabIndex={-1} to={item.to} onClick={() => select(item)}>
                    {content}
                  </Link>
                ) : item.href ? (
                  <a
                    ref={ref}
                    role="menuitem"
                    tabIndex={-1}
                    href={item.href}
                    target="_blank"
                    rel="noreferrer"
                    onClick={() => select(item)}
                  >
                    {content}
                  </a>
                ) : (
                  <button ref={ref} role="menuitem" tabIndex={-1} type="button" onClick={() => select(item)}>
                    {content}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
