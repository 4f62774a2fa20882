import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';

interface ModelSearchInputProps {
  value: string;
  onSearch: (text: string) => void;
}

/** Free-text search: 300 ms debounce (000 §9); the clear icon searches at once. */
export function ModelSearchInput({ value, onSearch }: ModelSearchInputProps) {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // The URL changed elsewhere (back button, a link): show its value.
  useEffect(() => {
    lastSent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onSearchRef.current(text);
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);

  const clear = () => {
    setText('');
    lastSent.current = '';
    onSearchRef.current('');
  };

  return (
    <div className="mr-search">
      <i className="pi pi-search mr-search__icon" aria-hidden="true" />
      <InputText
        type="search"
        className="mr-search__input"
        value={text}
        maxLength={200}
        placeholder={MESSAGES.listSearchPlaceholder}
        aria-label="Search model entries"
        onChange={(e) => setText(e.target.value)}
      />
      {text ? (
        <button type="button" className="mr-search__clear" aria-label="Clear search" onClick={clear}>
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
