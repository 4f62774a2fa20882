import { describe, expect, it } from 'vitest';
import { isWholeEmail } from './user-search';

describe('a whole e-mail address (what external users may search by)', () => {
  it.each(['ada@example.com', 'Ada.Lovelace+models@corp.example.co.uk', '  ada@example.com  '])(
    'accepts %j',
    (text) => {
      expect(isWholeEmail(text)).toBe(true);
    },
  );

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.',
    'ad a@example.com',
    'ada@exa mple.com',
    'ada@@example.com',
    'ada@example.com bob@example.com',
  ])('refuses %j (a prefix or anything but one address)', (text) => {
    expect(isWholeEmail(text)).toBe(false);
  });
});
