import { InputText } from 'primereact/inputtext';
import { type ReactNode, useId, useRef } from 'react';
import { useCombobox } from './combobox';
import { SuggestionList } from './suggestion-list';
import './user-picker/user-picker.css';

export interface SearchComboboxProps<T> {
  label: string;
  /** The typed text; the caller searches with it. */
  text: string;
  onTextChange: (text: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** A search is running: the input shows a spinner. */
  loading: boolean;
  /** What the search found for the text, as offered. */
  items: readonly T[];
  /** The search for the text has answered: with no items the list says `emptyText`. */
  searched: boolean;
  emptyText: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The user picked an item (click or Enter); the list closes after it. */
  onPick: (item: T) => void;
  /** A problem of the field, shown under it (role alert) and tied to the input. */
  problem?: string;
  /** Extra class names of the field. */
  className?: string;
  /** The dialog's first field: focused when it opens. */
  autoFocus?: boolean;
  /**
   * Inside a dialog whose body scrolls or clips: the suggestions float above it (a portal anchored
   * to the input) instead of pushing the dialog's content down.
   */
  floating?: boolean;
}

/**
 * A search box with its suggestions (WAI-ARIA combobox, focus stays in the input; `useCombobox` with
 * `SuggestionList`): the labelled input with a spinner while searching, the options, and a 'nothing
 * found' line once the search has answered. The user picker and the wizard's entry picker are this
 * field with their own search and option rendering.
 */
export function SearchCombobox<T>({
  label,
  text,
  onTextChange,
  placeholder,
  disabled,
  loading,
  items,
  searched,
  emptyText,
  itemKey,
  renderItem,
  onPick,
  problem,
  className,
  autoFocus,
  floating,
}: SearchComboboxProps<T>) {
  const inputId = useId();
  const anchor = useRef<HTMLInputElement | null>(null);
  const errorId = useId();
  const combobox = useCombobox({
    items,
    showable: text.trim() !== '' && (items.length > 0 || searched),
    onPick: (item) => pick(item),
  });
  const { listId, active, expanded } = combobox;

  const pick = (item: T) => {
    onPick(item);
    combobox.close();
  };

  return (
    <div className={className ? `mr-user-picker ${className}` : 'mr-user-picker'}>
      <label htmlFor={inputId}>{label}</label>
      <span className="p-input-icon-right mr-user-picker__box">
        <InputText
          id={inputId}
          ref={anchor}
          {...combobox.inputProps}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? errorId : undefined}
          invalid={Boolean(problem)}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          autoFocus={autoFocus}
          {...(autoFocus ? { 'data-pc-autofocus': true } : {})}
          onChange={(e) => {
            onTextChange(e.target.value);
            combobox.typed();
          }}
        />
        {loading && <i className="pi pi-spin pi-spinner" aria-hidden="true" />}
      </span>
      <SuggestionList
        id={listId}
        label={label}
        items={items}
        active={active}
        itemKey={itemKey}
        renderItem={renderItem}
        onPick={pick}
        className="mr-user-picker__list"
        optionClassName="mr-user-picker__option"
        hidden={!expanded}
        anchor={floating ? anchor : undefined}
      >
        {expanded && items.length === 0 && <div className="mr-muted mr-user-picker__option">{emptyText}</div>}
      </SuggestionList>
      {problem && (
        <small id={errorId} role="alert" className="mr-error-text">
          {problem}
        </small>
      )}
    </div>
  );
}
