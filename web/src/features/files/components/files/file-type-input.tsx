import { MESSAGES } from '@shared/messages';
import { InputText } from 'primereact/inputtext';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { comboboxKeyDown, SuggestionList, suggestionId } from '../../../../components/ui/suggestion-list';
import { cleanTag, FILE_TAG_MAX, fileTypeChoices } from '../../../../lib/new-files';

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
  const box = useRef<HTMLDivElement | null>(null);
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
    comboboxKeyDown(e, {
      count: options.length,
      active,
      expanded,
      setActive,
      setOpen,
      onPick: (i) => {
        const option = options[i];
        if (option) pick(option.tag);
      },
    });
  };

  return (
    <div className="mr-file-type-input" ref={box}>
      <InputText
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? suggestionId(listId, active) : undefined}
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
        <SuggestionList
          id={listId}
          label={label}
          items={options}
          active={active}
          itemKey={(option) => option.label}
          renderItem={(option) => option.label}
          onPick={(option) => pick(option.tag)}
          className="mr-file-type-input__list"
          // Floats above the page: inside the Files dialog's scrolling table it was cut off.
          anchor={box}
        />
      )}
    </div>
  );
}
