import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import { describe, expect, it, vi } from 'vitest';
import type { InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import type { SubModelRecord } from '../../data/sub-models';
import { person, rolesOf } from '../../testing/people';

vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { mayRunInstance, requireCalibrationAccess } = await import('./execution-rights');

const roles = rolesOf({
  viewers: ['viewer'],
  calibrationModelers: ['calibrator'],
  scenarioModelers: ['scenarist'],
});
const model = { uuid: 'M', status: 'DRAFT', roles } as unknown as ModelRecord;
const subModels = [
  { id: 'PLAIN', type: 'scenario' },
  { id: 'CAL', type: 'calibration' },
  { id: 'LINKED', type: 'scenario', executionSetupId: 'CAL' },
] as SubModelRecord[];
const instance = (over: Partial<InstanceRecord> = {}) =>
  ({
    id: 'I',
    type: 'scenario',
    status: 'NOTSTARTED',
    createdBy: 'owner',
    sharedWith: [],
    executionSetupId: 'PLAIN',
    ...over,
  }) as unknown as InstanceRecord;

describe('mayRunInstance: the right to run, read again when a group starts', () => {
  it('holds for the creator, a user it is shared with and a super user, whatever the state', () => {
    expect(mayRunInstance(person('owner'), model, instance(), subModels)).toBe(true);
    expect(
      mayRunInstance(person('scenarist'), model, instance({ sharedWith: ['scenarist'] }), subModels),
    ).toBe(true);
    expect(
      mayRunInstance(person('admin', 'SUPERUSER'), model, instance({ status: 'INQUEUE' }), subModels),
    ).toBe(true);
  });

  it('is lost when the share is stopped, and when the instance is gone', () => {
    expect(mayRunInstance(person('scenarist'), model, instance(), subModels)).toBe(false);
    expect(mayRunInstance(person('owner'), model, undefined, subModels)).toBe(false);
  });

  it('is lost when the caller no longer sees the section', () => {
    const calibration = instance({ type: 'calibration', executionSetupId: 'CAL', sharedWith: ['scenarist'] });
    expect(mayRunInstance(person('scenarist'), model, calibration, subModels)).toBe(false);
  });

  it('needs the calibration section for a scenario of a linked sub-model', () => {
    const linked = instance({ executionSetupId: 'LINKED', createdBy: 'scenarist' });
    expect(mayRunInstance(person('scenarist'), model, linked, subModels)).toBe(false);
    expect(mayRunInstance(person('owner'), model, { ...linked, createdBy: 'owner' }, subModels)).toBe(true);
  });
});

describe('requireCalibrationAccess', () => {
  it('refuses (403) a caller who does not see calibrations when one instance runs with one', () => {
    const linked = instance({ executionSetupId: 'LINKED', createdBy: 'scenarist' });
    expect(() =>
      requireCalibrationAccess(person('scenarist'), model, [instance(), linked], subModels),
    ).toThrow(
      expect.objectContaining({ statusCode: 403, message: SUB_MODEL_API_MESSAGES.calibrationSectionDenied }),
    );
    expect(() => requireCalibrationAccess(person('scenarist'), model, [instance()], subModels)).not.toThrow();
    expect(() => requireCalibrationAccess(person('viewer'), model, [linked], subModels)).not.toThrow();
  });
});
