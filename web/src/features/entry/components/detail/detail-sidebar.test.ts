import { describe, expect, it } from 'vitest';
import { allowedPermissions, model } from '../../../../testing/model-detail-fixtures';
import { sidebarGroups, VERSION_CONTROL_BLOCK } from './detail-sidebar';

describe('detail action sidebar', () => {
  const labels = (m = model()) =>
    sidebarGroups(m).map((g) => [
      g.title,
      g.items.filter((i) => i.outcome !== 'disallowed').map((i) => `${i.label}:${i.outcome}`),
    ]);

  it('hides the Editing group when editing is disallowed', () => {
    const viewer = model({
      permissions: { ...allowedPermissions, edit: 'disallowed', manageAccess: 'disallowed' },
    });
    expect(labels(viewer).map(([t]) => t)).toEqual(['Version Tracking']);
  });

  it('hides the Editing group when editing is forbidden (000 §6), e.g. a THEOREM model without model access', () => {
    const theorem = model({
      theorem: true,
      theoremFlags: {
        model_access: 'false',
        allow_access: 'true',
        data_cut_access: 'true',
        country_access: 'true',
      },
      permissions: { ...allowedPermissions, edit: 'forbidden', manageAccess: 'forbidden' },
    });
    expect(labels(theorem).map(([t]) => t)).toEqual(['Version Tracking', 'Access']);
  });

  it('links a WebModel 2.0 entry to the sub-model sections the user sees, and offers none elsewhere', () => {
    const webModel = model({ metadata: { ...model().metadata, platform: 'WebModel 2.0' } });
    const execution = sidebarGroups(webModel, { sections: ['scenario', 'display'] }).find(
      (g) => g.title === 'Execution',
    );
    expect(execution?.items.map((i) => `${i.label}:${i.outcome}`)).toEqual([
      'Scenario Management:allowed',
      'Calibration Management:disallowed',
      'Display Management:allowed',
      'Create Visualization:allowed',
    ]);
    expect(execution?.items.map((i) => i.action)).toEqual([
      'scenario',
      'calibration',
      'display',
      'visualization',
    ]);
    const noDisplay = sidebarGroups(webModel, { sections: ['scenario'] }).find(
      (g) => g.title === 'Execution',
    );
    expect(noDisplay?.items.find((i) => i.action === 'visualization')?.outcome).toBe('disallowed');
    expect(sidebarGroups(model()).map((g) => g.title)).not.toContain('Execution');
  });

  it('lets owners edit the suffix, the files, the metadata and the lineage', () => {
    const editing = labels().find(([t]) => t === 'Editing')?.[1];
    expect(editing).toEqual(['Name Suffix:allowed', 'Files:allowed', 'Metadata:allowed', 'Lineage:allowed']);
  });

  it('hides Lineage without the lineage permission (edit plus version control, 000 §6)', () => {
    const noVersions = model({ permissions: { ...allowedPermissions, editLineage: 'disallowed' } });
    expect(labels(noVersions).find(([t]) => t === 'Editing')?.[1]).not.toContain('Lineage:allowed');
    const lineage = sidebarGroups(model())
      .find((g) => g.title === 'Editing')
      ?.items.find((i) => i.key === 'lineage');
    expect(lineage?.action).toBe('lineage');
  });

  it("offers 'New Entry Based on This Model' to users who may add entries, and only to them", () => {
    const create = sidebarGroups(model(), { canCreate: true }).find((g) => g.title === 'Create');
    expect(create?.items).toEqual([
      expect.objectContaining({ label: 'New Entry Based on This Model', outcome: 'allowed' }),
    ]);
    expect(sidebarGroups(model(), { canCreate: false }).map((g) => g.title)).not.toContain('Create');
  });

  it("offers 'New Model Version' in Version Tracking by the newVersion permission, with the reason when disabled", () => {
    const item = (m = model()) =>
      sidebarGroups(m)
        .find((g) => g.title === 'Version Tracking')
        ?.items.find((i) => i.key === 'newVersion');
    expect(item()).toMatchObject({ label: 'New Model Version', outcome: 'allowed', action: 'newVersion' });
    expect(item()?.reason).toBeUndefined();
    const retired = model({
      status: 'RETIRED',
      permissions: { ...allowedPermissions, newVersion: 'forbidden' },
    });
    expect(item(retired)).toMatchObject({
      outcome: 'forbidden',
      reason: 'A retired model entry cannot get a new version.',
    });
    const viewer = model({ permissions: { ...allowedPermissions, newVersion: 'disallowed' } });
    expect(labels(viewer).find(([t]) => t === 'Version Tracking')?.[1]).not.toContain(
      'New Model Version:disallowed',
    );
  });

  it("opens the Version Control tab from Version Tracking's 'Version Control' by the version-control permission", () => {
    const item = (m = model()) =>
      sidebarGroups(m)
        .find((g) => g.title === 'Version Tracking')
        ?.items.find((i) => i.key === 'versions');
    expect(item()).toMatchObject({ label: 'Version Control', outcome: 'allowed', action: 'versions' });
    expect(item()?.reason).toBeUndefined();
    const forbidden = model({ permissions: { ...allowedPermissions, versionControl: 'forbidden' } });
    expect(item(forbidden)).toMatchObject({ outcome: 'forbidden', reason: VERSION_CONTROL_BLOCK });
    const disallowed = model({ permissions: { ...allowedPermissions, versionControl: 'disallowed' } });
    expect(item(disallowed)?.outcome).toBe('disallowed');
  });

  it('disables Model Access on an external model without lead or steward', () => {
    const m = model({
      metadata: { ...model().metadata, ext_url: 'https://ext.test' },
      roles: { ...model().roles, steward: undefined },
    });
    const access = sidebarGroups(m).find((g) => g.title === 'Access')?.items[0];
    expect(access).toMatchObject({
      outcome: 'forbidden',
      reason: 'Missing VEST or VEAM Lead & Model Steward Info',
    });
  });
});
