// @vitest-environment node

import { userPermissionFlags } from '@shared/rules/user-permissions';
import type { CurrentUser } from '@shared/schemas/user';
import { describe, expect, it } from 'vitest';
import { navTabs } from './nav-tabs';

const user = (
  userType: CurrentUser['userType'],
  managesEntries = true,
): Pick<CurrentUser, 'userType' | 'permissions'> => ({
  userType,
  permissions: userPermissionFlags(userType, { managesEntries }),
});

describe('navigation tabs', () => {
  it('shows every tab to a super user', () => {
    expect(navTabs(user('SUPERUSER')).map((t) => t.label)).toEqual([
      'Add Model Entry',
      'Model Entries',
      'Execution Queue',
      'Externalization',
      'Admin Space',
    ]);
  });

  it('hides Admin Space from internal users', () => {
    expect(navTabs(user('INTERNALUSER')).map((t) => t.label)).toEqual([
      'Add Model Entry',
      'Model Entries',
      'Execution Queue',
      'Externalization',
    ]);
  });

  it('shows external users only what they may use: Add Model Entry (000 §2) but no Externalization', () => {
    expect(navTabs(user('EXTERNALUSER')).map((t) => t.label)).toEqual([
      'Add Model Entry',
      'Model Entries',
      'Execution Queue',
    ]);
  });

  it('hides Externalization from an internal user who manages no entry (issue 21 §25)', () => {
    expect(navTabs(user('INTERNALUSER', false)).map((t) => t.label)).toEqual([
      'Add Model Entry',
      'Model Entries',
      'Execution Queue',
    ]);
  });

  it('follows the permission flags, not the user type, for Add Model Entry and Externalization', () => {
    const internal = user('INTERNALUSER');
    const tabs = navTabs({
      ...internal,
      permissions: { ...internal.permissions, createModel: false, externalizationTabEnabled: false },
    });
    expect(tabs.map((t) => t.label)).toEqual(['Model Entries', 'Execution Queue']);
  });

  it('highlights Admin Space for any /admin/ path and links it to the user list', () => {
    const admin = navTabs(user('SUPERUSER')).find((t) => t.label === 'Admin Space');
    expect(admin?.href).toBe('/admin/user');
    expect(admin?.matches('/admin/incident-management')).toBe(true);
    expect(admin?.matches('/admin/manage-metadata/products')).toBe(true);
    expect(admin?.matches('/administrator')).toBe(false);
    const models = navTabs(user('SUPERUSER')).find((t) => t.label === 'Model Entries');
    expect(models?.matches('/model/abc/detail')).toBe(true);
    expect(models?.matches('/model-upload')).toBe(false);
  });

  it('highlights no tab on /notifications, which is not part of Model Entries', () => {
    const current = navTabs(user('SUPERUSER')).filter((t) => t.matches('/notifications'));
    expect(current.map((t) => t.label)).toEqual([]);
  });
});
