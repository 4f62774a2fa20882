import { MESSAGES } from '@shared/messages';
import { InputText } from 'primereact/inputtext';
import { type KeyboardEvent, useId, useState } from 'react';
import { cleanTag, FILE_TAG_MAX } from './file-changes';

const MAX_SUGGESTIONS = 8;

/**
 * The suggestions for a typed file type: known types containing the text (case-insensitive), and
 * the typed text itself as a new type when no known type equals it (000 §5 '(Create New)').
 */
export function fileTypeChoices(known: readonly string[], typed: string) {
  const q = cleanTag(typed).toLowerCase();
  const all = [...new Set(known.filter(Boolean))];
  const matches = all
    .filter((t) => t.toLowerCase().includes(q))
    .sort((a, b) => a.localeCompare(b, 'en'))
    .slice(0, MAX_SUGGESTIONS);
  const exact = all.some((t) => t.toLowerCase() === q);
  return { matches, createNew: q && !exact ? cleanTag(typed) : undefined };
}

/** Only letters get in (000 §5 "other keys blocked"); editing and shortcut keys pass. */
export function blocksKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !/[A-Za-z]/.test(e.key);
}

export interface FileTypeInputProps {
  value: string;
  onChange: (tag: string) => void;
  /** File Types of the metadata options and types already used in the entry. */
  known: readonly string[];
  /** The accessible name (e.g. 'File type of model.xlsx'). */
  label: string;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * File type tag (000 §5): a combobox that takes letters only (other keys are blocked, pasted text
 * is cleaned), at most 25, and offers the known types; a new letters-only value shows as
 * '{value} (Create New)'. Arrows move, Enter picks, Escape closes.
 */
export function FileTypeInput({ value, onChange, known, label, disabled, placeholder }: FileTypeInputProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const { matches, createNew } = fileTypeChoices(known, value);
  const options = [
    ...matches.map((tag) => ({ tag, label: tag })),
    ...(createNew ? [{ tag: createNew, label: `${createNew} ${MESSAGES.fileTypeCreateNew}` }] : []),
  ];
  const expanded = open && options.length > 0 && !disabled;

  const pick = (tag: string) => {
    onChange(tag);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (blocksKey(e)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && expanded) {
      e.preventDefault();
      const option = options[active];
      if (option) pick(option.tag);
    } else if (e.key === 'Escape' && expanded) {
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="mr-file-type-input">
      <InputText
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        className="p-inputtext-sm"
        value={value}
        maxLength={FILE_TAG_MAX}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => {
          onChange(cleanTag(e.target.value));
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {expanded && (
        <div
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          className="mr-file-type-input__list"
        >
          {options.map((option, i) => (
            <div
              key={option.label}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={
                i === active
                  ? 'mr-file-type-input__option mr-file-type-input__option--active'
                  : 'mr-file-type-input__option'
              }
              // Picks on mousedown: the focus stays in the input, before its blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(option.tag);
              }}
            >
              {option.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
