import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { comboboxKeyDown, suggestionId } from './suggestion-list';

export interface ComboboxOptions<T> {
  /** What the list offers now. */
  items: readonly T[];
  /** The list may show: there is text, and options or a finished search ('nothing found'). */
  showable: boolean;
  onPick: (item: T) => void;
}

/**
 * The state and input wiring of a WAI-ARIA combobox whose focus stays in its input (the user picker,
 * the wizard's entry picker, the instance share picker): spread `inputProps` on the input, call
 * `typed()` from its change handler, and give `SuggestionList` `listId`, `active` and `!expanded` as
 * `hidden`. Arrows move, Enter picks, Escape closes (`comboboxKeyDown`). The list closes a moment
 * after the input loses the focus, so that a click on an option still picks it; typing or focusing
 * again in the meantime keeps it open.
 */
export function useCombobox<T>({ items, showable, onPick }: ComboboxOptions<T>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closing.current), []);
  const expanded = open && showable;

  const inputProps = {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant':
      expanded && items[active] !== undefined ? suggestionId(listId, active) : undefined,
    autoComplete: 'off',
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) =>
      comboboxKeyDown(e, {
        count: items.length,
        active,
        expanded,
        setActive,
        setOpen,
        onPick: (i) => {
          const item = items[i];
          if (item !== undefined) onPick(item);
        },
      }),
    onFocus: () => clearTimeout(closing.current),
    onBlur: () => {
      closing.current = setTimeout(() => setOpen(false), 150);
    },
  } as const;

  return {
    listId,
    active,
    expanded,
    inputProps,
    /** The text changed: open the list on its first option. */
    typed: () => {
      clearTimeout(closing.current);
      setActive(0);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
