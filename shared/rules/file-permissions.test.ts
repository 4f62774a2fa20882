import { describe, expect, it } from 'vitest';
import { FILE_OWNER_MESSAGES, mayControlFile, ownerOnlyChanges } from './file-permissions';

const file = { owner: { id: 'olivia' }, cdd: 'Yes' as const, isPrivate: true };

describe('who controls a file (cdd, private, access list, ownership)', () => {
  it.each([
    ['the file owner', { id: 'olivia', userType: 'INTERNALUSER' as const }, true],
    ['a super user', { id: 'admin', userType: 'SUPERUSER' as const }, true],
    ['a model manager who does not own the file', { id: 'leo', userType: 'INTERNALUSER' as const }, false],
    ['an external user', { id: 'xavier', userType: 'EXTERNALUSER' as const }, false],
  ])('%s → %s', (_who, user, expected) => {
    expect(mayControlFile(user, file)).toBe(expected);
  });
});

describe('ownerOnlyChanges', () => {
  it('names cdd and private only when their values really change', () => {
    expect(ownerOnlyChanges(file, { cdd: 'No' })).toEqual(['cdd']);
    expect(ownerOnlyChanges(file, { isPrivate: false })).toEqual(['isPrivate']);
    expect(ownerOnlyChanges(file, { cdd: 'No', isPrivate: false })).toEqual(['cdd', 'isPrivate']);
    // A form that sends the stored values back changes nothing owner-only.
    expect(ownerOnlyChanges(file, { cdd: 'Yes', isPrivate: true })).toEqual([]);
    expect(ownerOnlyChanges(file, {})).toEqual([]);
  });

  it('names the files in the refusal', () => {
    expect(FILE_OWNER_MESSAGES.attributes(['a.xlsx', 'docs/b.xlsx'])).toBe(
      'Only the file owner or a super user can mark a file as confidential (CDD) or private, or lift it: a.xlsx, docs/b.xlsx. Nothing was saved.',
    );
  });
});
