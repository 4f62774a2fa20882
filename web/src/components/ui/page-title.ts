import { MESSAGES } from '@shared/messages';
import { useEffect } from 'react';

/**
 * Page titles are the screen name followed by 'Model Repository' (000 §2, 002 §2), with a separator
 * so that the two read apart in tabs, bookmarks and screen readers.
 */
export const TITLE_SEPARATOR = ' · ';

export const pageTitle = (screen?: string) =>
  screen ? `${screen}${TITLE_SEPARATOR}${MESSAGES.productName}` : MESSAGES.productName;

export function usePageTitle(screen?: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
