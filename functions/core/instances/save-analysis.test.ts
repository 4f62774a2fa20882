import type { ModelRoles } from '@shared/schemas/model';
import { describe, expect, it } from 'vitest';
import { savesAnalysis } from './save-analysis';

const roles: ModelRoles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: ['owner'],
  viewers: ['viewer'],
  calibrationModelers: ['modeler'],
  scenarioModelers: ['employee', 'other'],
  displayViewers: ['vendor'],
};

const analysis = { createdBy: 'employee', sharedWith: ['shared'] };
const user = (id: string, userType: 'INTERNALUSER' | 'SUPERUSER' | 'EXTERNALUSER' = 'INTERNALUSER') => ({
  id,
  userType,
});

describe('savesAnalysis (who may save or rename an analysis)', () => {
  it.each([
    ['employee', true, 'its creator'],
    ['shared', true, 'a user it is shared with'],
    ['owner', true, 'an owner'],
    ['lead', true, 'the lead'],
    ['steward', true, 'the steward'],
    ['other', false, 'another scenario modeler'],
    ['viewer', false, 'a viewer'],
    ['modeler', false, 'a calibration modeler'],
  ])('%s: %s (%s)', (id, expected) => {
    expect(savesAnalysis(user(id), roles, analysis)).toBe(expected);
  });

  it('lets a super user save any analysis and refuses an external display viewer', () => {
    expect(savesAnalysis(user('admin', 'SUPERUSER'), roles, analysis)).toBe(true);
    expect(savesAnalysis(user('vendor', 'EXTERNALUSER'), roles, analysis)).toBe(false);
  });
});
