import { describe, expect, it } from 'vitest';
import {
  defaultShareMessage,
  pickShareUser,
  ShareRequestSchema,
  StopSharingSchema,
  shareCandidateProblem,
  shareCandidates,
  stopSharingConfirm,
} from './sharing';

const DENIED =
  "Selected User doesn't have the access to this Sub Model. Please contact Model Owner to grant access to the Sub Model.";

describe('share candidates (§6)', () => {
  const users = [
    { id: 'o', ownershipType: 'OWNER' },
    { id: 'l', ownershipType: 'VESTLEAD' },
    { id: 's', ownershipType: 'STEWARD' },
    { id: 'c', ownershipType: 'CALIBRATORMODELER' },
    { id: 'm', ownershipType: 'SCENARIOMODELER' },
    { id: 'v', ownershipType: 'VIEWER' },
    { id: 'd', ownershipType: 'DISPLAYVIEWER' },
    { id: 'x', ownershipType: 'OWNER', subModelAccess: false },
  ];
  it('a calibration instance lists calibration modelers and owners only (not the steward)', () => {
    expect(shareCandidates(users, 'calibration').map((u) => u.id)).toEqual(['o', 'l', 'c']);
  });
  it('a scenario instance lists everyone with access to the sub-model', () => {
    expect(shareCandidates(users, 'scenario').map((u) => u.id)).toEqual(['o', 'l', 's', 'c', 'm', 'v', 'd']);
  });
  it.each([
    [{ ownershipType: 'SCENARIOMODELER' }, 'calibration', DENIED],
    [{ ownershipType: 'VIEWER' }, 'calibration', DENIED],
    [{ ownershipType: 'CALIBRATORMODELER' }, 'calibration', undefined],
    [{ ownershipType: 'STEWARD' }, 'calibration', DENIED],
    [{ ownershipType: 'OWNER', subModelAccess: false }, 'scenario', DENIED],
    [{ ownershipType: 'VIEWER', subModelAccess: true }, 'scenario', undefined],
  ] as const)('picking %j for a %s instance: %s', (user, type, expected) => {
    expect(shareCandidateProblem(user, type)).toBe(expected);
  });
  it('keeps only the last picked user', () => {
    expect(pickShareUser(['a', 'b'], 'c')).toEqual(['c']);
  });
});

describe('share request (§5)', () => {
  const messages = (value: unknown) =>
    ShareRequestSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
  it.each([
    [{ isids: ['u1'], messageText: 'Look' }, []],
    [{ isids: [], messageText: 'Look' }, ['User is required']],
    [{ isids: ['u1'], messageText: ' ' }, ['Message is required']],
    [{ messageText: 'Look' }, ['User is required']],
  ])('%j gives %j', (value, expected) => {
    expect(messages(value)).toEqual(expected);
  });
  it('stopping sharing sets INACTIVE', () => {
    expect(StopSharingSchema.safeParse({ status: 'INACTIVE' }).success).toBe(true);
    expect(StopSharingSchema.safeParse({ status: 'ACTIVE' }).success).toBe(false);
  });
});

describe('share texts', () => {
  it('the default message names the sharer and the model and links to it', () => {
    const text = defaultShareMessage({
      sharerName: 'Ada Lovelace',
      modelName: 'HPV Model',
      instanceName: 'Base case',
      link: 'https://example.test/model/u1',
    });
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('HPV Model');
    expect(text).toContain('"Base case"');
    expect(text).toContain('https://example.test/model/u1');
    expect(text).toContain('instance');
  });
  it('an analysis is named as such', () => {
    const text = defaultShareMessage({
      sharerName: 'A',
      modelName: 'M',
      instanceName: 'N',
      link: 'L',
      kind: 'analysis',
    });
    expect(text).toContain('the analysis "N"');
  });
  it('confirms stop sharing with the spec text', () => {
    expect(stopSharingConfirm('Base case', 'Ada Lovelace')).toBe(
      'Do you want to stop sharing Base case instance with Ada Lovelace?',
    );
  });
});
