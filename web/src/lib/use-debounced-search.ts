import { useEffect, useRef, useState } from 'react';

/**
 * A search box's text, sent to `onSearch` once it has not changed for `delayMs` (the lists' debounce);
 * `clear` empties it and searches at once. When `value` changes elsewhere (back button, a link), the
 * box shows it without searching again.
 */
export function useDebouncedSearch(value: string, onSearch: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    lastSent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onSearchRef.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  const clear = () => {
    setText('');
    lastSent.current = '';
    onSearchRef.current('');
  };

  return { text, setText, clear };
}
