import { describe, expect, it } from 'vitest';
import type { ModelRoles } from '../schemas/model';
import {
  addInstanceProblem,
  canAccept,
  canCancelExecution,
  canCloneInstance,
  canDeleteInstance,
  canDownloadResults,
  canEditInstance,
  canSupersede,
  canUnaccept,
  canUpdateCurrent,
  hasResults,
  INSTANCE_STATUS_COLORS,
  INSTANCE_STATUS_LABELS,
  INSTANCE_STATUSES,
  InstanceLabelSchema,
  InstanceNameSchema,
  type InstanceStatus,
  instanceActionPermission,
  instanceNameTaken,
  isRunning,
  needsNameCheck,
} from './instances';
import { sampleTemplate } from './sample-template';

describe('instance statuses (§3)', () => {
  it('has the eleven statuses', () => {
    expect(INSTANCE_STATUSES).toEqual([
      'DRAFT',
      'NOTSTARTED',
      'INQUEUE',
      'INPROCESS',
      'POSTPROCESSING',
      'SUSPENDED',
      'COMPLETED',
      'CANCELLED',
      'FAILED',
      'ACCEPTED',
      'SUPERSEDED',
    ]);
  });
  it('shows DRAFT as Not Executed', () => {
    expect(INSTANCE_STATUS_LABELS.DRAFT).toBe('Not Executed');
  });
  it.each([
    ['FAILED', 'red'],
    ['SUPERSEDED', 'red'],
    ['SUSPENDED', 'grey'],
    ['CANCELLED', 'grey'],
    ['NOTSTARTED', 'grey'],
    ['INQUEUE', 'blue'],
    ['INPROCESS', 'blue'],
    ['COMPLETED', 'green'],
    ['ACCEPTED', 'green'],
    ['DRAFT', 'grey'],
    ['POSTPROCESSING', 'blue'],
  ] as const)('%s is %s', (status, color) => {
    expect(INSTANCE_STATUS_COLORS[status]).toBe(color);
  });
});

describe('name and label (§5)', () => {
  const message = (schema: typeof InstanceNameSchema, value: unknown) =>
    schema.safeParse(value).error?.issues[0]?.message;
  it.each([
    ['Base case', undefined],
    ['x'.repeat(200), undefined],
    ['x'.repeat(201), 'Instance Name is too long'],
    ['', 'Instance Name is required'],
    ['  ', 'Instance Name is required'],
    [undefined, 'Instance Name is required'],
  ])('name %j: %s', (value, expected) => {
    expect(message(InstanceNameSchema, value)).toBe(expected);
  });
  it.each([
    ['Run 1', undefined],
    ['x'.repeat(50), undefined],
    ['x'.repeat(51), 'Label is too long'],
    ['', 'Label is required'],
  ])('label %j: %s', (value, expected) => {
    expect(message(InstanceLabelSchema, value)).toBe(expected);
  });
  it.each([
    ['New', undefined, true],
    ['Same', 'Same', false],
    ['Same ', 'Same', false],
    ['Other', 'Same', true],
  ])('name %j (was %j) is checked for uniqueness: %s', (name, original, expected) => {
    expect(needsNameCheck(name, original)).toBe(expected);
  });
  it('a taken name is not unique', () => {
    expect(instanceNameTaken()).toBe('Instance Name is not unique');
  });
});

describe('action rules by state (§4)', () => {
  const rule = (status: InstanceStatus) => ({
    edit: canEditInstance(status),
    delete: canDeleteInstance({ status, createdBy: 'me' }, 'me'),
    running: isRunning(status),
    download: canDownloadResults(status),
    results: hasResults(status),
  });
  it.each([
    ['DRAFT', { edit: true, delete: true, running: false, download: false, results: false }],
    ['NOTSTARTED', { edit: false, delete: false, running: false, download: false, results: false }],
    ['INQUEUE', { edit: false, delete: false, running: true, download: false, results: false }],
    ['INPROCESS', { edit: false, delete: false, running: true, download: false, results: false }],
    ['POSTPROCESSING', { edit: false, delete: false, running: false, download: false, results: false }],
    ['SUSPENDED', { edit: false, delete: false, running: false, download: false, results: false }],
    ['COMPLETED', { edit: false, delete: true, running: false, download: true, results: true }],
    ['CANCELLED', { edit: true, delete: true, running: false, download: false, results: false }],
    ['FAILED', { edit: true, delete: true, running: false, download: false, results: false }],
    ['ACCEPTED', { edit: false, delete: false, running: false, download: true, results: true }],
    ['SUPERSEDED', { edit: false, delete: false, running: false, download: false, results: true }],
  ] as const)('%s: %j', (status, expected) => {
    expect(rule(status)).toEqual(expected);
  });

  it('only the creator deletes', () => {
    expect(canDeleteInstance({ status: 'DRAFT', createdBy: 'me' }, 'you')).toBe(false);
  });
  it.each([
    [false, true],
    [true, false],
  ])('an instance outdated=%s can be cloned: %s', (outdated, expected) => {
    expect(canCloneInstance({ outdated })).toBe(expected);
  });
  it.each([
    ['INQUEUE', 'me', false, true],
    ['INPROCESS', 'other', true, true],
    ['INPROCESS', 'other', false, false],
    ['COMPLETED', 'me', false, false],
  ] as const)('cancel %s created by %s, shared %s: %s', (status, createdBy, shared, expected) => {
    expect(canCancelExecution({ status, createdBy, shared }, 'me')).toBe(expected);
  });
  it.each([
    ['COMPLETED', 'calibration', true, false],
    ['COMPLETED', 'scenario', false, false],
    ['ACCEPTED', 'calibration', false, true],
    ['ACCEPTED', 'scenario', false, false],
  ] as const)('%s in %s: accept %s, unaccept/supersede %s', (status, type, accept, unaccept) => {
    expect(canAccept(status, type)).toBe(accept);
    expect(canUnaccept(status, type)).toBe(unaccept);
    expect(canSupersede(status, type)).toBe(unaccept);
  });
  it.each([
    [undefined, true],
    ['DRAFT', true],
    ['COMPLETED', false],
    ['ACCEPTED', false],
  ] as const)('save progress may update a %s scenario: %s', (status, expected) => {
    expect(canUpdateCurrent(status)).toBe(expected);
  });
});

describe('instance actions: role, then state', () => {
  const roles: ModelRoles = {
    owners: ['owner'],
    viewers: ['viewer', 'sharedViewer'],
    displayViewers: ['display'],
    calibrationModelers: [],
    scenarioModelers: ['scenarist'],
  };
  const user = (id: string) => ({ id, userType: 'INTERNALUSER' as const });
  // The instance is the scenarist's and shared with one of the two viewers (issue 21 §2).
  it.each([
    ['edit', 'owner', 'DRAFT', false, 'allowed'],
    ['edit', 'owner', 'COMPLETED', false, 'forbidden'],
    ['edit', 'stranger', 'DRAFT', false, 'disallowed'],
    ['edit', 'display', 'DRAFT', false, 'forbidden'],
    ['edit', 'scenarist', 'DRAFT', false, 'allowed'],
    ['edit', 'viewer', 'DRAFT', false, 'forbidden'],
    ['edit', 'sharedViewer', 'DRAFT', false, 'allowed'],
    ['edit', 'sharedViewer', 'COMPLETED', false, 'forbidden'],
    ['clone', 'viewer', 'COMPLETED', false, 'allowed'],
    ['clone', 'viewer', 'COMPLETED', true, 'forbidden'],
    ['clone', 'display', 'COMPLETED', false, 'disallowed'],
    ['delete', 'scenarist', 'FAILED', false, 'allowed'],
    ['delete', 'scenarist', 'INPROCESS', false, 'forbidden'],
    ['delete', 'owner', 'DRAFT', false, 'disallowed'],
    ['share', 'scenarist', 'COMPLETED', false, 'allowed'],
    ['share', 'viewer', 'COMPLETED', false, 'disallowed'],
  ] as const)('%s by %s of a %s instance (outdated %s) is %s', (action, who, status, outdated, expected) => {
    expect(
      instanceActionPermission(action, {
        user: user(who),
        roles,
        type: 'scenario',
        instance: { status, createdBy: 'scenarist', outdated, sharedWith: ['sharedViewer'] },
      }),
    ).toBe(expected);
  });
});

describe('adding an instance needs a valid template (§5)', () => {
  it.each([
    [{ type: 'JSONTEMPLATE', value: JSON.stringify(sampleTemplate()) }, undefined],
    [
      { type: 'JSONTEMPLATE', value: '{"definitions":[{"type":"INTEGER"}]}' },
      'Input Definition is not valid and needs to be fixed before proceeding.',
    ],
    [
      { type: 'JSONTEMPLATE', value: 'broken' },
      'Input Definition is not valid and needs to be fixed before proceeding.',
    ],
    [{ type: 'JSON', value: '{}' }, undefined],
    [undefined, undefined],
  ] as const)('%j: %s', (input, expected) => {
    expect(addInstanceProblem(input)).toBe(expected);
  });
});
