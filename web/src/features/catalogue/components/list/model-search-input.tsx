import { LIMITS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { InputText } from 'primereact/inputtext';
import { useDebouncedSearch } from '../../../../lib/use-debounced-search';

interface ModelSearchInputProps {
  value: string;
  onSearch: (text: string) => void;
}

/** Free-text search: 300 ms debounce (000 §9); the clear icon searches at once. */
export function ModelSearchInput({ value, onSearch }: ModelSearchInputProps) {
  const { text, setText, clear } = useDebouncedSearch(value, onSearch, LIMITS.searchDebounceMs);

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
