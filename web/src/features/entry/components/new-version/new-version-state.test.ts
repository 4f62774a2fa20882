import type { CallerFileNode } from '@shared/schemas/collaboration';
import { describe, expect, it } from 'vitest';
import { model, users } from '../../../../testing/model-detail-fixtures';
import { file } from '../../../../testing/model-fixtures';
import {
  accessSlots,
  defaultSelection,
  externalHolders,
  initialMetadata,
  initialRoles,
  type NewVersionSnapshot,
  newVersionBody,
  readyToSave,
  rolesOnPlatform,
  saveBlock,
  stepStatus,
  versionHint,
  versionProblem,
} from './new-version-state';

const source = model();
const valid: NewVersionSnapshot = {
  metadata: { ...source.metadata, version_release_of_model: '2' },
  metadataErrors: {},
  roles: source.roles,
  fileCount: 1,
};

describe('new-version step statuses and gating (000 §4)', () => {
  it('marks Metadata by its validity, Access by lead and steward, the others always completed', () => {
    expect([0, 1, 2, 3].map((s) => stepStatus(s as 0, valid))).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    const broken = {
      ...valid,
      metadataErrors: { disease: 'This field is required.' },
      roles: { ...valid.roles, steward: undefined },
    };
    expect([0, 1, 2, 3].map((s) => stepStatus(s as 0, broken))).toEqual([
      'error',
      'completed',
      'completed',
      'error',
    ]);
  });

  it('holds every save until metadata is valid and lead and steward exist', () => {
    expect(readyToSave(valid)).toBe(true);
    const noLead = { ...valid, roles: { ...valid.roles, vestLead: undefined } };
    expect(readyToSave(noLead)).toBe(false);
    expect(saveBlock(noLead, source, false)).toBe(
      'Complete the metadata and set the Value and Implementation Lead and the Model Steward first.',
    );
    expect(saveBlock(valid, source, false)).toBeUndefined();
    expect(saveBlock(valid, source, true)).toBeUndefined();
    // Publishing needs a file; a draft does not (000 §5 publish checks).
    expect(saveBlock({ ...valid, fileCount: 0 }, source, false)).toBeUndefined();
    expect(saveBlock({ ...valid, fileCount: 0 }, source, true)).toMatch(/missing|file/i);
  });
});

describe('the version rules of the form (000 §5, shared/rules/model-version.ts)', () => {
  it('names the format, the length and the parent version', () => {
    const at = (version: string) =>
      versionProblem({ ...source.metadata, version_release_of_model: version }, source);
    expect(at('1.a')).toBe('Version must match number format like "1" or "1.1"');
    expect(at('1.234567')).toBe('The version is too long, maximum length is 7 characters.');
    expect(at('1')).toBe('Enter a version number greater than the parent version number 1');
    expect(at('0.9')).toBe('Enter a version number greater than the parent version number 1');
    expect(at('1.1')).toBeUndefined();
    // Another scope (a country adaptation of a global model) may restart its numbering.
    expect(
      versionProblem(
        { ...source.metadata, global: 'false', country: ['Germany'], version_release_of_model: '1' },
        source,
      ),
    ).toBeUndefined();
    expect(versionHint(source)).toBe('Enter a version number greater than the parent version number 1');
  });
});

describe('the start and the payload', () => {
  it("starts from the source's metadata and suffix, without what describes the source itself", () => {
    const start = initialMetadata(
      model({ metadata: { ...source.metadata, version_log: 'v1', suffix: 'DE', tree_root_id: 'x' } }),
    );
    expect(start.disease).toBe('Lung Cancer');
    expect(start.version_release_of_model).toBeUndefined();
    expect(start.version_log).toBeUndefined();
    expect(start.suffix).toBe('DE');
    expect(start.tree_root_id).toBeUndefined();
  });

  it("starts with the source's roles, the creator an owner", () => {
    const mona = users.mona;
    if (!mona) throw new Error('fixture user mona is gone');
    const state = initialRoles(source, mona);
    expect(state.roles.owners).toEqual(['olivia', 'leo', 'mona']);
    expect(state.roles.vestLead).toBe('leo');
    expect(state.users.mona?.lastName).toBe('Modeler');
    expect(externalHolders(state)).toEqual([]);
    const withExternal = { ...state, roles: { ...state.roles, viewers: ['xavier'] } };
    expect(externalHolders(withExternal).map((u) => u.id)).toEqual(['xavier']);
  });

  it('preselects the files the caller may read', () => {
    const a = { ...file({ uuid: '44444444-4444-4444-8444-444444444441' }) } as CallerFileNode;
    const b = {
      ...file({ uuid: '44444444-4444-4444-8444-444444444442', name: 'secret.R' }),
      callerAccess: { download: false, requestAccess: true, manage: false },
    } as CallerFileNode;
    const folder = {
      ...file({ uuid: '44444444-4444-4444-8444-444444444443', folder: true }),
    } as CallerFileNode;
    expect([...defaultSelection([a, b, folder])]).toEqual([a.uuid]);
  });

  it('sends the chosen files, their changed types and a changelog only among them', () => {
    const body = newVersionBody({
      metadata: { ...valid.metadata, changelog_file: 'not-chosen' },
      roles: valid.roles,
      selected: new Set(['f1']),
      fileTypes: { f1: 'Report', f2: 'Model' },
      publish: true,
    });
    expect(body.modelItemUuids).toEqual(['f1']);
    expect(body.fileTypes).toEqual({ f1: 'Report' });
    expect(body.metadata.changelog_file).toBeUndefined();
    expect(body.publish).toBe(true);
    const kept = newVersionBody({
      metadata: { ...valid.metadata, changelog_file: 'f1' },
      roles: valid.roles,
      selected: new Set(['f1']),
      fileTypes: {},
      publish: false,
    });
    expect(kept.metadata.changelog_file).toBe('f1');
  });
});

describe('the Access step by platform (000 §2 "Model roles")', () => {
  it('offers display users and modelers on WebModel 2.0 entries only', () => {
    expect(accessSlots('WebModel 2.0')).toEqual([
      'vestLead',
      'steward',
      'owners',
      'viewers',
      'displayViewers',
      'calibrationModelers',
      'scenarioModelers',
    ]);
    expect(accessSlots('Model Repository')).toEqual(['vestLead', 'steward', 'owners', 'viewers']);
    expect(accessSlots(undefined)).toEqual(['vestLead', 'steward', 'owners', 'viewers']);
  });

  it('keeps the WebModel 2.0 roles only while the platform has them', () => {
    const roles = {
      ...source.roles,
      displayViewers: ['mona'],
      calibrationModelers: ['cal'],
      scenarioModelers: ['sce'],
    };
    expect(rolesOnPlatform(roles, 'WebModel 2.0')).toEqual(roles);
    expect(rolesOnPlatform(roles, 'Model Repository')).toEqual({
      ...roles,
      displayViewers: [],
      calibrationModelers: [],
      scenarioModelers: [],
    });
  });
});
