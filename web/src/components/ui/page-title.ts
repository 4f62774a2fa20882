import { MESSAGES } from '@shared/messages';
import { useEffect } from 'react';

/** Page titles are the screen name followed by 'Model Repository' (000 §2, 002 §2). */
export const pageTitle = (screen?: string) =>
  screen ? `${screen} ${MESSAGES.productName}` : MESSAGES.productName;

export function usePageTitle(screen?: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
