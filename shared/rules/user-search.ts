/**
 * What an external user may look a person up by in the user search (000 §5; issue 21 §25): a whole
 * e-mail address, which they must already know, never a prefix, so the directory cannot be enumerated.
 * The server refuses any other text (functions/core/users/search-users.ts) and the web pickers send
 * nothing else (web/src/components/ui/user-picker/search-users.ts): one rule for both.
 */
const WHOLE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Whether the text, trimmed, is one whole e-mail address (something@domain.tld, no spaces). */
export const isWholeEmail = (text: string): boolean => WHOLE_EMAIL.test(text.trim());
