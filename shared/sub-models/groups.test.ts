import { describe, expect, it } from 'vitest';
import {
  addToGroup,
  DELETE_GROUP_CONFIRM,
  GroupNameSchema,
  groupNameProblem,
  removeFromGroup,
} from './groups';

const groups = [
  { id: 'g1', name: 'Base Cases', executionSetupId: 'sm1' },
  { id: 'g2', name: 'Sensitivity', executionSetupId: 'sm1' },
  { id: 'g3', name: 'Other SM', executionSetupId: 'sm2' },
];

describe('group names (§5)', () => {
  it.each([
    ['New group', 'sm1', undefined, undefined],
    ['x'.repeat(20), 'sm1', undefined, undefined],
    ['x'.repeat(21), 'sm1', undefined, 'Name is too long'],
    ['', 'sm1', undefined, 'Name is required'],
    ['   ', 'sm1', undefined, 'Name is required'],
    ['base cases', 'sm1', undefined, 'Name is not unique'],
    ['  BASE CASES ', 'sm1', undefined, 'Name is not unique'],
    ['Other SM', 'sm1', undefined, undefined],
    ['other sm', 'sm2', undefined, 'Name is not unique'],
    ['Base cases', 'sm1', 'g1', undefined],
    ['Sensitivity', 'sm1', 'g1', 'Name is not unique'],
  ])('%j in %s (renaming %s): %s', (name, subModel, groupId, expected) => {
    expect(groupNameProblem(name, subModel, groups, groupId)).toBe(expected);
  });
  it('the schema trims the name', () => {
    expect(GroupNameSchema.parse('  A  ')).toBe('A');
  });
});

describe('moving instances', () => {
  it('adds an instance once', () => {
    expect(addToGroup(['a'], 'b')).toEqual(['a', 'b']);
    expect(addToGroup(['a', 'b'], 'b')).toEqual(['a', 'b']);
  });
  it('removes an instance', () => {
    expect(removeFromGroup(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('confirms deletion with the spec text', () => {
    expect(DELETE_GROUP_CONFIRM).toBe('Are you sure you want to delete this group?');
  });
});
