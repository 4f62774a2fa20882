import type { Dispatch, KeyboardEvent, ReactNode, SetStateAction } from 'react';

/** The id of a suggestion, for the combobox's `aria-activedescendant`. */
export const suggestionId = (listId: string, index: number) => `${listId}-${index}`;

export interface ComboboxState {
  /** How many options the list offers. */
  count: number;
  active: number;
  /** The list is shown. */
  expanded: boolean;
  setActive: Dispatch<SetStateAction<number>>;
  setOpen: (open: boolean) => void;
  /** Picks the option at `index` (a valid one). */
  onPick: (index: number) => void;
}

/**
 * The keys of a combobox whose focus stays in its input (WAI-ARIA combobox pattern): ArrowDown
 * opens the list and moves down, ArrowUp moves up, Enter picks the highlighted option, Escape
 * closes the list, and only the list (not the dialog around it). Other keys pass.
 */
export function comboboxKeyDown(
  e: KeyboardEvent,
  { count, active, expanded, setActive, setOpen, onPick }: ComboboxState,
) {
  if (e.key === 'ArrowDown') {
    e.preventDefault();
    setOpen(true);
    setActive((i) => Math.min(i + 1, Math.max(count - 1, 0)));
  } else if (e.key === 'ArrowUp') {
    e.preventDefault();
    setActive((i) => Math.max(i - 1, 0));
  } else if (e.key === 'Enter' && expanded && active < count) {
    e.preventDefault();
    onPick(active);
  } else if (e.key === 'Escape' && expanded) {
    e.stopPropagation();
    setOpen(false);
  }
}

export interface SuggestionListProps<T> {
  /** The id the combobox names in `aria-controls`. */
  id: string;
  /** The combobox's label; the list is named '{label} suggestions'. */
  label: string;
  items: readonly T[];
  /** The index of the highlighted item (the arrows move it, Enter picks it). */
  active: number;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  /** Extra class names of the list and of each option. */
  className?: string;
  optionClassName?: string;
  hidden?: boolean;
  /** After the options, e.g. a 'nothing found' line. */
  children?: ReactNode;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The popup list of a WAI-ARIA combobox (the input keeps the focus and handles the keys). An option
 * is picked on mousedown: the focus stays in the input, and the pick happens before its blur
 * closes the list.
 */
export function SuggestionList<T>({
  id,
  label,
  items,
  active,
  itemKey,
  renderItem,
  onPick,
  className,
  optionClassName,
  hidden,
  children,
}: SuggestionListProps<T>) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label={`${label} suggestions`}
      className={classes('mr-suggestions', className)}
      hidden={hidden}
    >
      {items.map((item, i) => (
        <div
          key={itemKey(item)}
          id={suggestionId(id, i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className={classes(
            'mr-suggestions__option',
            optionClassName,
            i === active && 'mr-suggestions__option--active',
          )}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(item);
          }}
        >
          {renderItem(item)}
        </div>
      ))}
      {children}
    </div>
  );
}
